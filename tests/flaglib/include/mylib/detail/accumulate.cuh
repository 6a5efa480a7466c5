#pragma once

namespace mylib { namespace detail {

template <typename T, int N>
__device__ inline void step(T* acc, const T* in) {
#pragma unroll
  for (int j = 0; j < N; ++j) acc[j] = acc[j] * acc[(j + 1) % N] + in[j];
}

template <typename T, int N>
__device__ inline T total(const T* acc) {
  T s = T(0);
#pragma unroll
  for (int j = 0; j < N; ++j) s += acc[j] * T(j + 1);
  return s;
}

} }  // namespace mylib::detail
