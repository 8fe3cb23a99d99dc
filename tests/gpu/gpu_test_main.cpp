// The GPU tests' main: on a machine with no usable CUDA device every test is
// reported as skipped (exit 77, ctest's SKIP_RETURN_CODE), with the reason,
// never as passed. Listing the tests needs no device.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>

int main(int argc, char* argv[]) {
    bool listing = false;
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--list", 6) == 0) listing = true;
    if (!listing) {
        int devices = 0;
        cudaError_t const err = cudaGetDeviceCount(&devices);
        if (err != cudaSuccess || devices == 0) {
            std::printf("SKIPPED: no CUDA device (%s)\n",
                        err != cudaSuccess ? cudaGetErrorString(err) : "cudaGetDeviceCount found none");
            return 77;
        }
    }
    return Catch::Session().run(argc, argv);
}
