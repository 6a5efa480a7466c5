// ops.cuh - the operations kfoot's kernels are instantiated with (kfoot::op::*).
//
// Every op is a stateless struct. Unary ops: `T operator()(T x)`; binary ops: `T operator()(T a, T b)`
// (comparisons return bool). `kind` picks the compute type (see kfoot_common.cuh). Ops that
// have a derivative define `grad(x)` (unary) or `grad_lhs(a, b)` / `grad_rhs(a, b)` (binary),
// used by the backward kernels; instantiating a backward kernel with an op that has none is a
// compile error naming the op.
#pragma once

#include "kfoot_common.cuh"

namespace kfoot {
namespace math {
// float and double overloads of the device math library, so ops are written once.
#define KFOOT_MATH1(name, f32, f64)                                                   \
  __device__ __forceinline__ float name(float x) { return f32(x); }                   \
  __device__ __forceinline__ double name(double x) { return f64(x); }
KFOOT_MATH1(sqrt_, sqrtf, ::sqrt)
KFOOT_MATH1(rsqrt_, rsqrtf, ::rsqrt)
KFOOT_MATH1(exp_, expf, ::exp)
KFOOT_MATH1(exp2_, exp2f, ::exp2)
KFOOT_MATH1(expm1_, expm1f, ::expm1)
KFOOT_MATH1(log_, logf, ::log)
KFOOT_MATH1(log2_, log2f, ::log2)
KFOOT_MATH1(log10_, log10f, ::log10)
KFOOT_MATH1(log1p_, log1pf, ::log1p)
KFOOT_MATH1(sin_, sinf, ::sin)
KFOOT_MATH1(cos_, cosf, ::cos)
KFOOT_MATH1(tan_, tanf, ::tan)
KFOOT_MATH1(tanh_, tanhf, ::tanh)
KFOOT_MATH1(erf_, erff, ::erf)
KFOOT_MATH1(floor_, floorf, ::floor)
KFOOT_MATH1(ceil_, ceilf, ::ceil)
KFOOT_MATH1(rint_, rintf, ::rint)
KFOOT_MATH1(trunc_, truncf, ::trunc)
KFOOT_MATH1(fabs_, fabsf, ::fabs)
#undef KFOOT_MATH1
__device__ __forceinline__ float pow_(float a, float b) { return powf(a, b); }
__device__ __forceinline__ double pow_(double a, double b) { return ::pow(a, b); }
__device__ __forceinline__ float fmod_(float a, float b) { return fmodf(a, b); }
__device__ __forceinline__ double fmod_(double a, double b) { return ::fmod(a, b); }
__device__ __forceinline__ float atan2_(float a, float b) { return atan2f(a, b); }
__device__ __forceinline__ double atan2_(double a, double b) { return ::atan2(a, b); }
// Integer flavours for the ops that stay exact on integers.
__device__ __forceinline__ long long floor_(long long x) { return x; }
__device__ __forceinline__ long long ceil_(long long x) { return x; }
__device__ __forceinline__ long long rint_(long long x) { return x; }
__device__ __forceinline__ long long trunc_(long long x) { return x; }
__device__ __forceinline__ long long fabs_(long long x) { return x < 0 ? -x : x; }
__device__ __forceinline__ long long fmod_(long long a, long long b) { return b == 0 ? 0 : a % b; }
__device__ __forceinline__ long long pow_(long long a, long long b) {
  if (b < 0) return a == 1 ? 1 : (a == -1 ? ((b & 1) ? -1 : 1) : 0);
  long long r = 1;
  while (b) { if (b & 1) r *= a; a *= a; b >>= 1; }
  return r;
}
}  // namespace math

namespace op {

// ---------------------------------------------------------------- unary (28 ops)
// kind kArith: exact on integers (computes in long long for integer in/out).
struct Neg { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return -x; }
  template <class T> __device__ static T grad(T) { return T(-1); } };
struct Abs { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return math::fabs_(x); }
  template <class T> __device__ static T grad(T x) { return x > T(0) ? T(1) : (x < T(0) ? T(-1) : T(0)); } };
struct Sign { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return x > T(0) ? T(1) : (x < T(0) ? T(-1) : (is_nan(x) ? x : T(0))); } };
struct Square { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return x * x; }
  template <class T> __device__ static T grad(T x) { return T(2) * x; } };
struct Relu { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return x > T(0) ? x : (is_nan(x) ? x : T(0)); }
  template <class T> __device__ static T grad(T x) { return x > T(0) ? T(1) : T(0); } };
struct Floor { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return math::floor_(x); } };
struct Ceil { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return math::ceil_(x); } };
struct Round { static constexpr int kind = kArith;  // half to even, like numpy.round
  template <class T> __device__ T operator()(T x) const { return math::rint_(x); } };
struct Trunc { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T x) const { return math::trunc_(x); } };

// kind kFloat: transcendental, computed in float (double when a side is double).
struct Reciprocal { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return T(1) / x; }
  template <class T> __device__ static T grad(T x) { return T(-1) / (x * x); } };
struct Sqrt { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::sqrt_(x); }
  template <class T> __device__ static T grad(T x) { return T(0.5) / math::sqrt_(x); } };
struct Rsqrt { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::rsqrt_(x); }
  template <class T> __device__ static T grad(T x) { return T(-0.5) * math::rsqrt_(x) / x; } };
struct Exp { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::exp_(x); }
  template <class T> __device__ static T grad(T x) { return math::exp_(x); } };
struct Exp2 { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::exp2_(x); }
  template <class T> __device__ static T grad(T x) { return T(0.6931471805599453) * math::exp2_(x); } };
struct Expm1 { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::expm1_(x); }
  template <class T> __device__ static T grad(T x) { return math::exp_(x); } };
struct Log { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::log_(x); }
  template <class T> __device__ static T grad(T x) { return T(1) / x; } };
struct Log2 { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::log2_(x); }
  template <class T> __device__ static T grad(T x) { return T(1.4426950408889634) / x; } };
struct Log10 { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::log10_(x); }
  template <class T> __device__ static T grad(T x) { return T(0.4342944819032518) / x; } };
struct Log1p { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::log1p_(x); }
  template <class T> __device__ static T grad(T x) { return T(1) / (T(1) + x); } };
struct Sin { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::sin_(x); }
  template <class T> __device__ static T grad(T x) { return math::cos_(x); } };
struct Cos { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::cos_(x); }
  template <class T> __device__ static T grad(T x) { return -math::sin_(x); } };
struct Tan { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::tan_(x); }
  template <class T> __device__ static T grad(T x) { T t = math::tan_(x); return T(1) + t * t; } };
struct Tanh { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::tanh_(x); }
  template <class T> __device__ static T grad(T x) { T t = math::tanh_(x); return T(1) - t * t; } };
struct Sigmoid { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return T(1) / (T(1) + math::exp_(-x)); }
  template <class T> __device__ static T grad(T x) { T s = T(1) / (T(1) + math::exp_(-x)); return s * (T(1) - s); } };
struct Silu { static constexpr int kind = kFloat;  // x * sigmoid(x)
  template <class T> __device__ T operator()(T x) const { return x / (T(1) + math::exp_(-x)); }
  template <class T> __device__ static T grad(T x) { T s = T(1) / (T(1) + math::exp_(-x)); return s * (T(1) + x * (T(1) - s)); } };
struct Gelu { static constexpr int kind = kFloat;  // exact: x * Phi(x)
  template <class T> __device__ T operator()(T x) const { return T(0.5) * x * (T(1) + math::erf_(x * T(0.7071067811865476))); }
  template <class T> __device__ static T grad(T x) {
    T cdf = T(0.5) * (T(1) + math::erf_(x * T(0.7071067811865476)));
    T pdf = T(0.3989422804014327) * math::exp_(T(-0.5) * x * x);
    return cdf + x * pdf; } };
struct Erf { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T x) const { return math::erf_(x); }
  template <class T> __device__ static T grad(T x) { return T(1.1283791670955126) * math::exp_(-x * x); } };
struct Softplus { static constexpr int kind = kFloat;  // log(1 + exp(x)), stable for large x
  template <class T> __device__ T operator()(T x) const { return x > T(20) ? x : math::log1p_(math::exp_(x)); }
  template <class T> __device__ static T grad(T x) { return T(1) / (T(1) + math::exp_(-x)); } };

// ---------------------------------------------------------------- binary (18 ops)
struct Add { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
  template <class T> __device__ static T grad_lhs(T, T) { return T(1); }
  template <class T> __device__ static T grad_rhs(T, T) { return T(1); } };
struct Sub { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return a - b; }
  template <class T> __device__ static T grad_lhs(T, T) { return T(1); }
  template <class T> __device__ static T grad_rhs(T, T) { return T(-1); } };
struct Mul { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return a * b; }
  template <class T> __device__ static T grad_lhs(T, T b) { return b; }
  template <class T> __device__ static T grad_rhs(T a, T) { return a; } };
// Integer division truncates and gives 0 for a zero divisor (no trap); floats divide.
struct Div { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return div(a, b); }
  __device__ static long long div(long long a, long long b) { return b == 0 ? 0 : a / b; }
  __device__ static float div(float a, float b) { return a / b; }
  __device__ static double div(double a, double b) { return a / b; }
  template <class T> __device__ static T grad_lhs(T, T b) { return T(1) / b; }
  template <class T> __device__ static T grad_rhs(T a, T b) { return -a / (b * b); } };
// C fmod semantics (numpy.fmod): the result has the sign of the dividend.
struct Mod { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return math::fmod_(a, b); } };
// Maximum / Minimum propagate NaN like numpy.maximum / numpy.minimum.
struct Maximum { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return is_nan(a) ? a : (is_nan(b) ? b : (a > b ? a : b)); }
  template <class T> __device__ static T grad_lhs(T a, T b) { return a >= b ? T(1) : T(0); }
  template <class T> __device__ static T grad_rhs(T a, T b) { return a >= b ? T(0) : T(1); } };
struct Minimum { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return is_nan(a) ? a : (is_nan(b) ? b : (a < b ? a : b)); }
  template <class T> __device__ static T grad_lhs(T a, T b) { return a <= b ? T(1) : T(0); }
  template <class T> __device__ static T grad_rhs(T a, T b) { return a <= b ? T(0) : T(1); } };
struct Pow { static constexpr int kind = kArith;
  template <class T> __device__ T operator()(T a, T b) const { return math::pow_(a, b); }
  template <class T> __device__ static T grad_lhs(T a, T b) { return b * math::pow_(a, b - T(1)); }
  template <class T> __device__ static T grad_rhs(T a, T b) { return math::pow_(a, b) * math::log_(a); } };
struct Atan2 { static constexpr int kind = kFloat;
  template <class T> __device__ T operator()(T a, T b) const { return math::atan2_(a, b); }
  template <class T> __device__ static T grad_lhs(T a, T b) { return b / (a * a + b * b); }
  template <class T> __device__ static T grad_rhs(T a, T b) { return -a / (a * a + b * b); } };
struct Eq { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a == b; } };
struct Ne { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a != b; } };
struct Lt { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a < b; } };
struct Le { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a <= b; } };
struct Gt { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a > b; } };
struct Ge { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return a >= b; } };
struct LogicalAnd { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return (a != T(0)) && (b != T(0)); } };
struct LogicalOr { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return (a != T(0)) || (b != T(0)); } };
struct LogicalXor { static constexpr int kind = kCompare; template <class T> __device__ bool operator()(T a, T b) const { return (a != T(0)) != (b != T(0)); } };

// ---------------------------------------------------------------- reductions (5 ops)
// `acc` picks the accumulator: sums and products widen (long long for integers, float for
// half/bfloat16), max/min keep the input's compute type. `finish` turns the accumulator
// into the result (Mean divides by the count).
struct Sum { static constexpr bool widen = true;
  template <class A> __device__ static A init() { return A(0); }
  template <class A> __device__ static A combine(A a, A b) { return a + b; }
  template <class A> __device__ static A finish(A a, long long) { return a; } };
struct Prod { static constexpr bool widen = true;
  template <class A> __device__ static A init() { return A(1); }
  template <class A> __device__ static A combine(A a, A b) { return a * b; }
  template <class A> __device__ static A finish(A a, long long) { return a; } };
struct Mean { static constexpr bool widen = true;
  template <class A> __device__ static A init() { return A(0); }
  template <class A> __device__ static A combine(A a, A b) { return a + b; }
  template <class A> __device__ static A finish(A a, long long count) { return count ? a / A(count) : a; } };
struct Max { static constexpr bool widen = false;
  template <class A> __device__ static A init() { return limits<A>::lowest(); }
  template <class A> __device__ static A combine(A a, A b) { return is_nan(a) ? a : (is_nan(b) ? b : (a > b ? a : b)); }
  template <class A> __device__ static A finish(A a, long long) { return a; } };
struct Min { static constexpr bool widen = false;
  template <class A> __device__ static A init() { return limits<A>::highest(); }
  template <class A> __device__ static A combine(A a, A b) { return is_nan(a) ? a : (is_nan(b) ? b : (a < b ? a : b)); }
  template <class A> __device__ static A finish(A a, long long) { return a; } };

}  // namespace op
}  // namespace kfoot
