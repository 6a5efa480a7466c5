// reduce.cuh - reductions (Sum, Prod, Max, Min, Mean) over one strided dimension, with the
// kept dimensions specialised on their rank NDIM (1..5).
//
//   kfoot::reduce_kernel<Op, In, Out, NDIM>
//       (const In* x, Out* y, kfoot::ReduceMeta<NDIM> meta, long long n_out)
//
// y is contiguous with shape meta.out_shape (n_out elements). Output element j (coordinates
// c) reduces x[sum(c[d] * meta.in_stride[d]) + k * meta.reduce_stride] for k in
// [0, meta.reduce_size). Strides are in elements. To reduce several axes, make them one
// (contiguous) axis or call it more than once. ReduceMeta is passed by value: 2 * NDIM + 2
// int64 values (out_shape, in_stride, reduce_size, reduce_stride).
// Launch: any 1-D grid/block, one thread per output element (grid-stride loop).
#pragma once

#include "ops.cuh"

namespace kfoot {

template <int NDIM> struct ReduceMeta {
  long long out_shape[NDIM];
  long long in_stride[NDIM];
  long long reduce_size;
  long long reduce_stride;
};

// Accumulator: sums/products/means widen (long long for integers, float for 16-bit floats,
// double when input or output is double); max/min compare in the input's compute type.
template <class Op, class In, class Out> struct reduce_acc {
  typedef typename conditional<Op::widen, typename arith_compute<In, In, Out>::type,
                               typename arith_compute<In, In, In>::type>::type type;
};

template <class Op, class In, class Out, int NDIM>
__global__ void reduce_kernel(const In* x, Out* y, ReduceMeta<NDIM> meta, long long n_out) {
  typedef typename reduce_acc<Op, In, Out>::type A;
  KFOOT_GRID_STRIDE_LOOP(j, n_out) {
    long long rest = j, base = 0;
#pragma unroll
    for (int d = NDIM - 1; d >= 0; --d) {
      base += (rest % meta.out_shape[d]) * meta.in_stride[d];
      rest /= meta.out_shape[d];
    }
    A acc = Op::template init<A>();
    for (long long k = 0; k < meta.reduce_size; ++k) {
      acc = Op::template combine<A>(acc, cast<A>(x[base + k * meta.reduce_stride]));
    }
    y[j] = cast<Out>(Op::template finish<A>(acc, meta.reduce_size));
  }
}

}  // namespace kfoot
