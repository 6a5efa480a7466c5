// The family header: the library itself is found through the spec's include_dirs.
#pragma once
#include <mylib/kernels.cuh>
