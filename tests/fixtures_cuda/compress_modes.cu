// Fixture for the compression what-if (tests/test_what_if_compress.py, docs/report.md): 30 kernels
// whose SASS and PTX compress the way real code does.
template <typename T, int N>
__global__ void axpy(T a, const T* x, T* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  #pragma unroll
  for (int k = 0; k < N; ++k) { int j = i * N + k; if (j < n) y[j] = a * x[j] + y[j] * T(k + 1); }
}
template <typename T>
__global__ void reduce(const T* x, T* out, int n) {
  __shared__ T buf[256];
  T s = 0; for (int i = threadIdx.x; i < n; i += blockDim.x) s += x[i];
  buf[threadIdx.x] = s; __syncthreads();
  for (int w = 128; w > 0; w >>= 1) { if (threadIdx.x < w) buf[threadIdx.x] += buf[threadIdx.x + w]; __syncthreads(); }
  if (threadIdx.x == 0) *out = buf[0];
}
#define INST(T) template __global__ void axpy<T,1>(T,const T*,T*,int); template __global__ void axpy<T,4>(T,const T*,T*,int); \
  template __global__ void axpy<T,16>(T,const T*,T*,int); template __global__ void axpy<T,32>(T,const T*,T*,int); template __global__ void reduce<T>(const T*,T*,int);
INST(float) INST(double) INST(int) INST(long long) INST(unsigned) INST(short)
