#pragma once
#include "scale_detail.cuh"

namespace example {
template <typename T, int UNROLL>
__global__ void scale_kernel(const T* x, T* y, T a, long long n) {
  long long first = (static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x) * UNROLL;
  for (int u = 0; u < UNROLL; ++u) {
    long long i = first + u;
    if (i < n) y[i] = detail::times(a, x[i]);
  }
}
}  // namespace example
