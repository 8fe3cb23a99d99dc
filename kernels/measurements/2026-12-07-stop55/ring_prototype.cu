// Stop 55: the ring design (ring_steps.hpp, ring_kernel.cuh) against
// launch_fast and cudaMemcpy of the same bytes in one process
// (tools/realigned_ab.cuh): each variant's output compared with the input
// once, then three rounds of medians of 100 launches as % of the copy.
// Variants: S<stages>K<tiles a segment>, 'x' for blocks across the strips,
// L for the lean steps (addresses worked out once a block, loops unrolled);
// int8: S3 runs 2 blocks an SM (88 KiB of shared memory each), S2 3
// (69 KiB); halves: S3 4 or 5 (44 KiB), S2 5 (35 KiB).
// Arguments: RxC int8 (h:RxC halves) shapes realigned on both sides; "--only NAME RxC"
// launches one kernel 25 times for Nsight Compute.
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <vector>

#include "../tools/realigned_ab.cuh"
#include "ring_kernel.cuh"

using variant = ab_variant<ring::matrix>;
using ring::launch_ring;

template <unsigned E>
std::vector<variant> variants();
template <>
std::vector<variant> variants<1>() {
    return {{"S2K4", launch_ring<1, 2, 3, 4, false>},       {"L2K4", launch_ring<1, 2, 3, 4, false, true>},
            {"L2K8", launch_ring<1, 2, 3, 8, false, true>}, {"L3K4", launch_ring<1, 3, 2, 4, false, true>},
            {"L3K8", launch_ring<1, 3, 2, 8, false, true>}, {"L2K4x", launch_ring<1, 2, 3, 4, true, true>}};
}
template <>  // halves: tiles of 64 rows x 64 columns; S3 44 KiB, S2 35 KiB a block
std::vector<variant> variants<2>() {
    return {{"S3K8", launch_ring<2, 3, 4, 8, false>},          {"L3K8", launch_ring<2, 3, 4, 8, false, true>},
            {"L3K8@5", launch_ring<2, 3, 5, 8, false, true>},  {"L2K8@6", launch_ring<2, 2, 6, 8, false, true>},
            {"L3K4@5", launch_ring<2, 3, 5, 4, false, true>}};
}

template <unsigned E>
void measure(std::string const& label, std::size_t rows, std::size_t cols, std::string const& only) {
    realigned_ab<E>(label, rows, cols, variants<E>(), 3, only, [&](ring::matrix const& m) {
        return " | blocks K8 " + std::to_string(ring::design<E>::grid_of(m, 8, false).blocks());
    });
}

int main(int argc, char** argv) {
    std::string only;
    for (int a = 1; a < argc; ++a) {
        std::string const s = argv[a];
        if (s == "--only" && a + 1 < argc) {
            only = argv[++a];
            continue;
        }
        bool const half = s.rfind("h:", 0) == 0;
        auto const [rows, cols] = parse_int8_shape(half ? s.substr(2) : s);
        if (half) measure<2>(s, rows, cols, only);
        else measure<1>(s, rows, cols, only);
    }
}
