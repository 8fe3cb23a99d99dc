// The memory bandwidth swz-bench's "of HBM" column divides by: the GPU's
// own, not the H200's on every GPU (an H100's HBM3 peaks at 3.35 TB/s,
// so 4.8 understated every figure there by 30%). Plain C++: the CPU tests
// check it.
#pragma once

#include <string>

namespace swz::bench {

struct hbm_peak {
    double gbps = 0;     // 0: unknown (the column then reads n/a)
    std::string source;  // where the figure comes from, for the header and --json
};

// The datasheet figure for the GPUs the goals are measured on (the goals
// cite the H200's 4.8 TB/s, while its memory clock times its bus width
// gives about 4.9); for any other GPU, its peak memory clock (kHz) times
// its bus width (bits), two transfers a clock (HBM and GDDR alike report
// the clock that way).
inline hbm_peak hbm_peak_of(std::string const& name, long long memory_clock_khz, long long bus_bits) {
    struct datasheet {
        char const* name;
        double gbps;
    };
    static constexpr datasheet known[] = {{"NVIDIA H200", 4800}, {"NVIDIA H100 80GB HBM3", 3350}};
    for (auto const& d : known)
        if (name == d.name) return {d.gbps, "datasheet"};
    if (memory_clock_khz <= 0 || bus_bits <= 0) return {0, "unknown"};
    return {double(memory_clock_khz) * 1e3 * 2 * double(bus_bits) / 8 / 1e9, "memory clock x bus width"};
}

}  // namespace swz::bench
