// Fixture for the report tests: two template families, a non-template kernel, a device function
// with external linkage (a GLOBAL symbol that is not a kernel under -rdc), and a static shared array.
namespace kfoot {
namespace op {
struct Add { template <class T> __device__ T operator()(T a, T b) const { return a + b; } };
struct Mul { template <class T> __device__ T operator()(T a, T b) const { return a * b; } };
}  // namespace op

template <class Op, class T>
__global__ void binary_kernel(const T* a, const T* b, T* out, int n) {
  __shared__ T tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[threadIdx.x % 64] = a[i];
    out[i] = Op()(tile[threadIdx.x % 64], b[i]);
  }
}

template <class T, int N>
__global__ void fill_kernel(T* out, T value, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) out[i] = value + T(N);
}

__device__ int GLOBAL_ENTRY_lookalike(int x) { return x * 3; }  // name contains GLOBAL and ENTRY

__global__ void plain_kernel(int* out) { out[threadIdx.x] = GLOBAL_ENTRY_lookalike(threadIdx.x); }

template __global__ void binary_kernel<op::Add, float>(const float*, const float*, float*, int);
template __global__ void binary_kernel<op::Add, double>(const double*, const double*, double*, int);
template __global__ void binary_kernel<op::Mul, float>(const float*, const float*, float*, int);
template __global__ void binary_kernel<op::Mul, int>(const int*, const int*, int*, int);
template __global__ void fill_kernel<float, 1>(float*, float, long long);
template __global__ void fill_kernel<float, 2>(float*, float, long long);
template __global__ void fill_kernel<double, 1>(double*, double, long long);
}  // namespace kfoot
