// userlib/cstdint.cuh - a user's header with the host C library's <cstdint>: nvcc only. NVRTC
// has no C library headers, so an RTC build of it fails at its first compile.
#pragma once
#include <cstdint>

namespace userlib {

template <class T>
__global__ void negate_kernel(const T* x, T* y, long n) {
  for (int64_t i = blockIdx.x * (int64_t)blockDim.x + threadIdx.x; i < n; i += (int64_t)blockDim.x * gridDim.x)
    y[i] = -x[i];
}

}  // namespace userlib
