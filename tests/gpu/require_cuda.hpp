// REQUIRE for a CUDA call: the call, and its error's name, in the report.
#pragma once

#include <catch2/catch.hpp>
#include <cuda_runtime.h>

#define REQUIRE_CUDA(call)                                               \
    do {                                                                 \
        cudaError_t const err_ = (call);                                 \
        INFO(#call << ": " << cudaGetErrorString(err_));                 \
        REQUIRE(err_ == cudaSuccess);                                    \
    } while (0)
