"""`kfoot trace -o TRACE -- COMMAND...`: which kernels a CUDA program launches, recorded by a CUPTI
injection library (inject.cpp, built on first use) that the driver loads through
CUDA_INJECTION64_PATH."""
