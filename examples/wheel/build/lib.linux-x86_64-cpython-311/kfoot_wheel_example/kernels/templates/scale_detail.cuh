#pragma once

namespace example {
namespace detail {
template <typename T>
__device__ T times(T a, T b) { return a * b; }
}  // namespace detail
}  // namespace example
