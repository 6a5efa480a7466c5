// broadcast.cuh - binary ops with NumPy broadcasting, specialised on the output rank NDIM (1..5).
//
//   kfoot::broadcast_binary_kernel<Op, Lhs, Rhs, Out, NDIM>
//       (const Lhs* a, const Rhs* b, Out* out, kfoot::BroadcastMeta<NDIM> meta, long long n)
//
// out is contiguous (row-major) with shape meta.shape and n elements; a and b are read at
// sum(index[d] * stride[d]), strides in elements, 0 on a broadcast dimension. BroadcastMeta
// is passed by value: 3 * NDIM int64 values, shape then lhs strides then rhs strides (from
// cupy, a NumPy structured scalar with one field of 3 * NDIM int64).
#pragma once

#include "ops.cuh"

namespace kfoot {

template <int NDIM> struct BroadcastMeta {
  long long shape[NDIM];
  long long lhs_stride[NDIM];
  long long rhs_stride[NDIM];
};

template <class Op, class Lhs, class Rhs, class Out, int NDIM>
__global__ void broadcast_binary_kernel(const Lhs* a, const Rhs* b, Out* out, BroadcastMeta<NDIM> meta,
                                        long long n) {
  typedef typename op_compute<Op::kind, Lhs, Rhs, Out>::type C;
  KFOOT_GRID_STRIDE_LOOP(i, n) {
    long long rest = i, ia = 0, ib = 0;
#pragma unroll
    for (int d = NDIM - 1; d >= 0; --d) {
      const long long coord = rest % meta.shape[d];
      rest /= meta.shape[d];
      ia += coord * meta.lhs_stride[d];
      ib += coord * meta.rhs_stride[d];
    }
    out[i] = cast<Out>(Op{}(cast<C>(a[ia]), cast<C>(b[ib])));
  }
}

}  // namespace kfoot
