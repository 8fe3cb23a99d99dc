// swz-bench: bandwidth of every transpose variant against a device-to-device
// copy of the same bytes measured in the same run.
//
//   swz-bench [--sizes 8192,16384] [--repeats 50] [--json FILE] [--tune]
//
// Each figure is the median of `repeats` launches timed one by one with CUDA
// events, after warm-up launches; GB/s counts bytes read plus bytes written.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include <swz/transpose.cuh>

#include "../support/check_cuda.hpp"

#include "tuning_variants.cuh"

namespace {

#define CHECK_CUDA(call) SWZ_CHECK_CUDA("swz-bench", call)

struct row {
    std::string type;
    std::size_t n;
    std::string variant;
    double ms;
    double gbps;
    double share_of_copy;
};

// Median time of `launch` in ms: warm-up, then one event pair per launch.
double median_ms(std::function<cudaError_t()> const& launch, int repeats) {
    for (int i = 0; i < 5; ++i) CHECK_CUDA(launch());
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<cudaEvent_t> ev(2 * std::size_t(repeats));
    for (auto& e : ev) CHECK_CUDA(cudaEventCreate(&e));
    for (int i = 0; i < repeats; ++i) {
        CHECK_CUDA(cudaEventRecord(ev[2 * i]));
        CHECK_CUDA(launch());
        CHECK_CUDA(cudaEventRecord(ev[2 * i + 1]));
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<double> t;
    for (int i = 0; i < repeats; ++i) {
        float ms = 0;
        CHECK_CUDA(cudaEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1]));
        t.push_back(ms);
    }
    for (auto& e : ev) CHECK_CUDA(cudaEventDestroy(e));
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

template <class T>
void bench_type(char const* type, std::size_t n, int repeats, bool tune, std::vector<row>& rows) {
    std::size_t const bytes = n * n * sizeof(T);
    T *in = nullptr, *out = nullptr;
    CHECK_CUDA(cudaMalloc(&in, bytes));
    CHECK_CUDA(cudaMalloc(&out, bytes));
    // Real data, not zeros: a xorshift pattern written by the GPU itself.
    std::vector<unsigned char> host(bytes);
    std::uint64_t x = 88172645463325252ull;
    for (std::size_t i = 0; i + 8 <= bytes; i += 8) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        std::memcpy(&host[i], &x, 8);
    }
    CHECK_CUDA(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));
    double const copy_ms = median_ms([&] { return cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice); }, repeats);
    // Every timed transpose must produce the reference transpose (made by a
    // plain CPU loop), checked after its timing.
    std::vector<unsigned char> want(bytes), got(bytes);
    for (std::size_t r = 0; r < n; ++r)
        for (std::size_t c = 0; c < n; ++c) std::memcpy(&want[(c * n + r) * sizeof(T)], &host[(r * n + c) * sizeof(T)], sizeof(T));
    auto verified = [&] {
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost));
        CHECK_CUDA(cudaMemset(out, 0xCD, bytes));
        return std::memcmp(got.data(), want.data(), bytes) == 0;
    };
    verified();
    auto add = [&](std::string variant, double ms, bool check = true) {
        if (check && !verified()) {
            std::fprintf(stderr, "swz-bench: %s %s %zu: WRONG RESULT\n", variant.c_str(), type, n);
            std::exit(2);
        }
        rows.push_back({type, n, std::move(variant), ms, 2.0 * double(bytes) / (ms * 1e6), copy_ms / ms});
    };
    add("copy (cudaMemcpy D2D)", copy_ms, false);
    struct v {
        char const* name;
        swz::transpose_variant variant;
    };
    for (auto [vname, variant] : {v{"fast", swz::transpose_variant::fast},
                                  v{"article_swizzled", swz::transpose_variant::article_swizzled},
                                  v{"article_padded", swz::transpose_variant::article_padded},
                                  v{"article_plain", swz::transpose_variant::article_plain}})
        add(vname, median_ms([&] { return swz::transpose(out, in, n, n, variant); }, repeats));
    if (tune)
        for (auto const& t : swz::bench::tuning_variants<sizeof(T)>())
            add(t.name, median_ms([&] { return t.launch(reinterpret_cast<unsigned char*>(out),
                                                         reinterpret_cast<unsigned char const*>(in), n, n); },
                                  repeats));
    CHECK_CUDA(cudaFree(in));
    CHECK_CUDA(cudaFree(out));
}

std::vector<std::size_t> parse_sizes(char const* s) {
    std::vector<std::size_t> out;
    for (char const* p = s; *p;) {
        char* end = nullptr;
        unsigned long long const v = std::strtoull(p, &end, 10);
        if (end == p || v == 0 || v > 65536) {
            std::fprintf(stderr, "swz-bench: error: --sizes takes sizes 1..65536 separated by commas\n");
            std::exit(1);
        }
        out.push_back(v);
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') {
            std::fprintf(stderr, "swz-bench: error: --sizes takes sizes 1..65536 separated by commas\n");
            std::exit(1);
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::size_t> sizes{8192, 16384};
    int repeats = 50;
    bool tune = false;
    std::string json;
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        if (a == "--sizes" && i + 1 < argc) sizes = parse_sizes(argv[++i]);
        else if (a == "--repeats" && i + 1 < argc) repeats = std::max(1, std::atoi(argv[++i]));
        else if (a == "--json" && i + 1 < argc) json = argv[++i];
        else if (a == "--tune") tune = true;
        else {
            std::fprintf(stderr, "swz-bench: error: unknown option %s (--sizes N,N --repeats R --json FILE --tune)\n", a.c_str());
            return 1;
        }
    }
    cudaDeviceProp prop{};
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    int driver = 0, runtime = 0;
    CHECK_CUDA(cudaDriverGetVersion(&driver));
    CHECK_CUDA(cudaRuntimeGetVersion(&runtime));
    std::vector<row> rows;
    for (auto n : sizes) {
        bench_type<std::int8_t>("int8", n, repeats, tune, rows);
        bench_type<std::uint16_t>("half", n, repeats, tune, rows);
        bench_type<float>("float", n, repeats, tune, rows);
        bench_type<double>("double", n, repeats, tune, rows);
    }
    std::printf("swz-bench on %s (%d SMs), CUDA driver %d, runtime %d, median of %d launches\n", prop.name,
                prop.multiProcessorCount, driver, runtime, repeats);
    std::printf("%-7s %-6s %-28s %10s %10s %8s\n", "type", "n", "variant", "ms", "GB/s", "of copy");
    for (auto const& r : rows)
        std::printf("%-7s %-6zu %-28s %10.4f %10.1f %7.1f%%\n", r.type.c_str(), r.n, r.variant.c_str(), r.ms, r.gbps,
                    100 * r.share_of_copy);
    if (!json.empty()) {
        std::ofstream f(json);
        f << "{\"device\": \"" << prop.name << "\", \"sms\": " << prop.multiProcessorCount << ", \"driver\": " << driver
          << ", \"runtime\": " << runtime << ", \"repeats\": " << repeats << ", \"rows\": [\n";
        for (std::size_t i = 0; i < rows.size(); ++i)
            f << "  {\"type\": \"" << rows[i].type << "\", \"n\": " << rows[i].n << ", \"variant\": \"" << rows[i].variant
              << "\", \"ms\": " << rows[i].ms << ", \"gbps\": " << rows[i].gbps << ", \"share_of_copy\": "
              << rows[i].share_of_copy << "}" << (i + 1 < rows.size() ? ",\n" : "\n");
        f << "]}\n";
        if (!f) {
            std::fprintf(stderr, "swz-bench: error: cannot write %s\n", json.c_str());
            return 1;
        }
    }
    return 0;
}
