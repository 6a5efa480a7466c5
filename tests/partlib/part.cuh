// A kernel that refuses one-byte types at compile time: bool and int8 fail under nvcc
// (nvcc prints bool as __nv_bool), the wider types compile. tests/test_keep_going.py.
#pragma once

namespace partlib {
template <class T>
__global__ void fill_kernel(T* out, int n) {
  static_assert(sizeof(T) != 1, "partlib: one-byte types are not supported");
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = T(1);
}
}  // namespace partlib
