// elementwise.cuh - elementwise kernels over contiguous arrays of n elements.
//
// Launch: any 1-D grid and block (grid-stride loops); n is the element count.
// Each output element is   out[i] = cast<Out>(op(cast<C>(inputs[i]...)))   where the compute
// type C is float/double for half, bfloat16 and float math, long long for integer arithmetic
// (see kfoot_common.cuh). Argument lists, in order:
//
//   kfoot::unary_kernel<Op, In, Out>
//       (const In* x, Out* y, long long n)
//   kfoot::binary_kernel<Op, Lhs, Rhs, Out>
//       (const Lhs* a, const Rhs* b, Out* out, long long n)
//   kfoot::binary_scalar_kernel<Op, Lhs, Scalar, Out>        (Scalar: long or double)
//       (const Lhs* a, Scalar s, Out* out, long long n)       out[i] = op(a[i], s)
//   kfoot::unary_backward_kernel<Op, In, Grad>
//       (const Grad* grad_out, const In* x, Grad* grad_in, long long n)
//                                           grad_in[i] = grad_out[i] * op'(x[i])
//   kfoot::binary_backward_kernel<Op, Lhs, Rhs, Grad>
//       (const Grad* grad_out, const Lhs* a, const Rhs* b, Lhs* grad_a, Rhs* grad_b, long long n)
//                 grad_a[i] = grad_out[i] * d op/da,  grad_b[i] = grad_out[i] * d op/db
#pragma once

#include "ops.cuh"

namespace kfoot {

template <class Op, class In, class Out>
__global__ void unary_kernel(const In* x, Out* y, long long n) {
  typedef typename op_compute<Op::kind, In, In, Out>::type C;
  KFOOT_GRID_STRIDE_LOOP(i, n) { y[i] = cast<Out>(Op{}(cast<C>(x[i]))); }
}

template <class Op, class Lhs, class Rhs, class Out>
__global__ void binary_kernel(const Lhs* a, const Rhs* b, Out* out, long long n) {
  typedef typename op_compute<Op::kind, Lhs, Rhs, Out>::type C;
  KFOOT_GRID_STRIDE_LOOP(i, n) { out[i] = cast<Out>(Op{}(cast<C>(a[i]), cast<C>(b[i]))); }
}

// The scalar is a host value (a Python int or float), weak like NumPy's: the compute type
// comes from the array and the output, the scalar is converted to it.
template <class Op, class Lhs, class Scalar, class Out>
__global__ void binary_scalar_kernel(const Lhs* a, Scalar s, Out* out, long long n) {
  typedef typename op_compute<Op::kind, Lhs, Lhs, Out>::type C;
  const C sc = cast<C>(s);
  KFOOT_GRID_STRIDE_LOOP(i, n) { out[i] = cast<Out>(Op{}(cast<C>(a[i]), sc)); }
}

template <class Op, class In, class Grad>
__global__ void unary_backward_kernel(const Grad* grad_out, const In* x, Grad* grad_in, long long n) {
  typedef typename float_compute<In, Grad, Grad>::type C;
  KFOOT_GRID_STRIDE_LOOP(i, n) {
    grad_in[i] = cast<Grad>(cast<C>(grad_out[i]) * Op::template grad<C>(cast<C>(x[i])));
  }
}

template <class Op, class Lhs, class Rhs, class Grad>
__global__ void binary_backward_kernel(const Grad* grad_out, const Lhs* a, const Rhs* b,
                                       Lhs* grad_a, Rhs* grad_b, long long n) {
  typedef typename float_compute<Lhs, Rhs, Grad>::type C;
  KFOOT_GRID_STRIDE_LOOP(i, n) {
    const C g = cast<C>(grad_out[i]), va = cast<C>(a[i]), vb = cast<C>(b[i]);
    grad_a[i] = cast<Lhs>(g * Op::template grad_lhs<C>(va, vb));
    grad_b[i] = cast<Rhs>(g * Op::template grad_rhs<C>(va, vb));
  }
}

}  // namespace kfoot
