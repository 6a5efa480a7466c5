// kfoot_common.cuh - dtypes, conversions and compute-type rules shared by every kfoot kernel.
//
// The kfoot dtypes these kernels take, as kfoot spells them in template-ids (short: int8 with
// uint8 promotes to int16):
//   bool, signed char, unsigned char, short, int, long, __half, __nv_bfloat16, float, double
// Kernels never do arithmetic in __half/__nv_bfloat16: they load, convert to a compute type
// (float, double or long long), compute, and convert the result to the output type, the way
// a framework's "opmath" type works.
//
// The headers compile under nvcc and under NVRTC (no C library headers, so no <cstdint>): they
// use fundamental integer types only, as kfoot spells them (int64 is long under both), so a
// kernel's mangled name is the same whichever compiler built it. kfoot's prelude defines every
// spelling; the half and bfloat16 headers are included here too, so the header stands alone.
#pragma once

#include <cuda_fp16.h>
#include <cuda_bf16.h>

namespace kfoot {

// ---- small type utilities (no <type_traits> under NVRTC) --------------------------------
template <bool C, class A, class B> struct conditional { typedef A type; };
template <class A, class B> struct conditional<false, A, B> { typedef B type; };

template <class T> struct is_integral { static constexpr bool value = false; };
#define KFOOT_INTEGRAL(T) template <> struct is_integral<T> { static constexpr bool value = true; };
KFOOT_INTEGRAL(bool) KFOOT_INTEGRAL(signed char) KFOOT_INTEGRAL(unsigned char) KFOOT_INTEGRAL(short)
KFOOT_INTEGRAL(unsigned short) KFOOT_INTEGRAL(int) KFOOT_INTEGRAL(unsigned) KFOOT_INTEGRAL(long)
KFOOT_INTEGRAL(unsigned long) KFOOT_INTEGRAL(long long) KFOOT_INTEGRAL(unsigned long long)
#undef KFOOT_INTEGRAL

template <class T> struct is_double { static constexpr bool value = false; };
template <> struct is_double<double> { static constexpr bool value = true; };

// ---- conversions between any two dtypes ----------------------------------------------------
// Half and bfloat16 go through float (or straight from double), everything else is a
// static_cast; float to integer conversions saturate on the GPU.
template <class To, class From> struct Caster {
  __device__ __forceinline__ static To run(From v) { return static_cast<To>(v); }
};
template <class From> struct Caster<__half, From> {
  __device__ __forceinline__ static __half run(From v) { return __float2half(static_cast<float>(v)); }
};
template <class From> struct Caster<__nv_bfloat16, From> {
  __device__ __forceinline__ static __nv_bfloat16 run(From v) { return __float2bfloat16(static_cast<float>(v)); }
};
template <class To> struct Caster<To, __half> {
  __device__ __forceinline__ static To run(__half v) { return static_cast<To>(__half2float(v)); }
};
template <class To> struct Caster<To, __nv_bfloat16> {
  __device__ __forceinline__ static To run(__nv_bfloat16 v) { return static_cast<To>(__bfloat162float(v)); }
};
template <> struct Caster<__half, __half> {
  __device__ __forceinline__ static __half run(__half v) { return v; }
};
template <> struct Caster<__nv_bfloat16, __nv_bfloat16> {
  __device__ __forceinline__ static __nv_bfloat16 run(__nv_bfloat16 v) { return v; }
};
template <> struct Caster<__half, __nv_bfloat16> {
  __device__ __forceinline__ static __half run(__nv_bfloat16 v) { return __float2half(__bfloat162float(v)); }
};
template <> struct Caster<__nv_bfloat16, __half> {
  __device__ __forceinline__ static __nv_bfloat16 run(__half v) { return __float2bfloat16(__half2float(v)); }
};
template <> struct Caster<__half, double> {
  __device__ __forceinline__ static __half run(double v) { return __double2half(v); }
};
template <> struct Caster<__nv_bfloat16, double> {
  __device__ __forceinline__ static __nv_bfloat16 run(double v) { return __double2bfloat16(v); }
};
template <> struct Caster<bool, __half> {
  __device__ __forceinline__ static bool run(__half v) { return __half2float(v) != 0.0f; }
};
template <> struct Caster<bool, __nv_bfloat16> {
  __device__ __forceinline__ static bool run(__nv_bfloat16 v) { return __bfloat162float(v) != 0.0f; }
};

template <class To, class From> __device__ __forceinline__ To cast(From v) { return Caster<To, From>::run(v); }

// ---- compute types -------------------------------------------------------------------------
// Floating: double when any side is double, else float. Integral (bool included): long long,
// which holds every integer dtype exactly.
template <class A, class B, class C> struct float_compute {
  typedef typename conditional<is_double<A>::value || is_double<B>::value || is_double<C>::value,
                               double, float>::type type;
};
template <class A, class B, class C> struct arith_compute {
  typedef typename conditional<is_integral<A>::value && is_integral<B>::value && is_integral<C>::value,
                               long long, typename float_compute<A, B, C>::type>::type type;
};
// Comparisons must be exact for any pair: long long when both are integers, else double.
template <class A, class B> struct compare_compute {
  typedef typename conditional<is_integral<A>::value && is_integral<B>::value, long long, double>::type type;
};

// Operation kinds pick the compute type: arithmetic ops compute in the common type of inputs
// and output, "float" ops (transcendentals) always in float/double, comparisons exactly.
enum OpKind { kArith = 0, kFloat = 1, kCompare = 2 };

template <int Kind, class L, class R, class Out> struct op_compute {
  typedef typename arith_compute<L, R, Out>::type type;
};
template <class L, class R, class Out> struct op_compute<kFloat, L, R, Out> {
  typedef typename float_compute<L, R, Out>::type type;
};
template <class L, class R, class Out> struct op_compute<kCompare, L, R, Out> {
  typedef typename compare_compute<L, R>::type type;
};

// ---- limits for the compute types (reductions) -------------------------------------------
template <class T> struct limits;
template <> struct limits<float> {
  __device__ __forceinline__ static float lowest() { return -__int_as_float(0x7f800000); }
  __device__ __forceinline__ static float highest() { return __int_as_float(0x7f800000); }
};
template <> struct limits<double> {
  __device__ __forceinline__ static double lowest() { return -__longlong_as_double(0x7ff0000000000000LL); }
  __device__ __forceinline__ static double highest() { return __longlong_as_double(0x7ff0000000000000LL); }
};
template <> struct limits<long long> {
  __device__ __forceinline__ static long long lowest() { return -9223372036854775807LL - 1; }
  __device__ __forceinline__ static long long highest() { return 9223372036854775807LL; }
};

template <class T> __device__ __forceinline__ bool is_nan(T v) { return v != v; }

// One thread per element over a grid-stride loop, 64-bit indices.
#define KFOOT_GRID_STRIDE_LOOP(i, n)                                                   \
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < (n);        \
       i += (long long)blockDim.x * gridDim.x)

}  // namespace kfoot
