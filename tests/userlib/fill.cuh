// userlib/fill.cuh - takes the spec-declared dtype q16 too. kfoot's prelude includes q16.cuh in
// nvcc shards; under NVRTC (which compiles from the registry's copy of the headers) the family
// header must include a declared dtype's header itself, as this one does.
#pragma once
#include "plain.cuh"
#include "q16.cuh"

namespace userlib {

// Writes the output's default value: enough to instantiate any three types.
template <class A, class B, class Out>
__global__ void fill_kernel(const A* a, const B* b, Out* out, long n) {
  for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long)blockDim.x * gridDim.x) out[i] = Out();
}

}  // namespace userlib
