// userlib/cudastd.cuh - a user's header that takes its integers from <cuda/std/cstdint>, which
// works under nvcc and NVRTC alike. (cuda::std::int64_t is long under nvcc and long long under
// NVRTC, so it stays out of the kernel's parameter list: there it would change the mangled name.)
#pragma once
#include <cuda/std/cstdint>

namespace userlib {

template <class In, class Out>
__global__ void widen_kernel(const In* x, Out* y, long n) {
  const cuda::std::int64_t count = n;
  for (cuda::std::int64_t i = blockIdx.x * (cuda::std::int64_t)blockDim.x + threadIdx.x; i < count;
       i += (cuda::std::int64_t)blockDim.x * gridDim.x)
    y[i] = static_cast<Out>(x[i]);
}

}  // namespace userlib
