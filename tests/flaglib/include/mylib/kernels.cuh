#pragma once
#ifndef FLAGLIB_SCALE
#error "FLAGLIB_SCALE is not defined: the spec's [build] defines did not reach the compiler"
#endif
#include <mylib/detail/accumulate.cuh>

namespace mylib {

template <typename T>
__global__ void scale_kernel(const T* in, T* out, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * T(FLAGLIB_SCALE);
}

// N live accumulators: about 48 registers for N = 32 unless -maxrregcount caps them.
template <typename T, int N>
__global__ void heavy_kernel(const T* in, T* out, int n) {
#ifdef FLAGLIB_UNROLL
  static_assert(FLAGLIB_UNROLL == N, "FLAGLIB_UNROLL is not N: another family's defines reached this one");
#else
  static_assert(N < 0, "FLAGLIB_UNROLL is not defined: the family's defines did not reach the compiler");
#endif
  T acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j) acc[j] = in[threadIdx.x + j * n];
  for (int r = 0; r < n; ++r) detail::step<T, N>(acc, in + r * N);
  out[threadIdx.x] = detail::total<T, N>(acc);
}

}  // namespace mylib
