// A block-wide sum through CUB: NVRTC needs CCCL's headers to compile it, which the shipped
// registry carries (kfoot ship / kfoot_install_kernels bundle them).
#pragma once
#include <cub/block/block_reduce.cuh>

namespace example {
template <typename T, int BLOCK>
__global__ void block_sum_kernel(const T* in, T* out, long long n) {
  using Reduce = cub::BlockReduce<T, BLOCK>;
  __shared__ typename Reduce::TempStorage temp;
  long long i = static_cast<long long>(blockIdx.x) * BLOCK + threadIdx.x;
  T total = Reduce(temp).Sum(i < n ? in[i] : T(0));
  if (threadIdx.x == 0) out[blockIdx.x] = total;
}
}  // namespace example
