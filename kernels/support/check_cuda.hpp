// For the measuring programs (swz-bench, swz-probe): a failed CUDA call ends
// the program with one line naming the call, never a wrong figure.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define SWZ_CHECK_CUDA(program, call)                                                          \
    do {                                                                                       \
        cudaError_t const err_ = (call);                                                       \
        if (err_ != cudaSuccess) {                                                             \
            std::fprintf(stderr, "%s: %s failed: %s\n", program, #call, cudaGetErrorString(err_)); \
            std::exit(1);                                                                      \
        }                                                                                      \
    } while (0)
