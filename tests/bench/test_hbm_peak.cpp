// swz-bench's memory peak per GPU (kernels/bench/hbm_peak.hpp), against
// the vendors' datasheets, not against the formula it uses.
#include <catch2/catch.hpp>

#include "hbm_peak.hpp"

using swz::bench::hbm_peak_of;

TEST_CASE("the GPUs the goals are measured on take their datasheet's peak", "[bench]") {
    CHECK(hbm_peak_of("NVIDIA H200", 3201000, 6144).gbps == 4800);
    CHECK(hbm_peak_of("NVIDIA H200", 3201000, 6144).source == "datasheet");
    CHECK(hbm_peak_of("NVIDIA H100 80GB HBM3", 2619000, 5120).gbps == 3350);
}

TEST_CASE("another GPU's peak is its memory clock times its bus width, two transfers a clock", "[bench]") {
    // H100 PCIe (HBM2e, 2.0 TB/s by its datasheet), as CUDA reports its clock and bus.
    auto const pcie = hbm_peak_of("NVIDIA H100 PCIe", 1593000, 5120);
    CHECK(pcie.gbps == Approx(2000).epsilon(0.02));
    CHECK(pcie.source == "memory clock x bus width");
    // GeForce RTX 4090 (GDDR6X, 1008 GB/s by its datasheet).
    CHECK(hbm_peak_of("NVIDIA GeForce RTX 4090", 10501000, 384).gbps == Approx(1008).epsilon(0.001));
}

TEST_CASE("a GPU that reports no memory clock or bus has no peak", "[bench]") {
    CHECK(hbm_peak_of("some GPU", 0, 5120).gbps == 0);
    CHECK(hbm_peak_of("some GPU", 1593000, 0).source == "unknown");
}
