// swz-bench: the fast transpose against a copy of the same bytes and
// against cuBLAS geam and cuBLASLt MatrixTransform, all in this process, on
// the same buffers, every output compared in full with a reference.
//
// Options and exit codes: `usage` below (swz-bench --help).
//
// LIST: comma-separated ROWSxCOLS, BATCHxROWSxCOLS, either with
// :LD_IN:LD_OUT (bench_shapes.hpp); the default is the goals' suite.
// "Copy" is the faster of cudaMemcpyAsync device to device and copy16, a
// 16-byte vectorised copy kernel (the fastest of it without and with each
// L2 prefetch hint the kernels use), on the same number of bytes. Each figure
// is the median of `repeats` launches timed one by one with CUDA events,
// after the checked launch and warm-up; GB/s counts bytes read plus
// written. --tune also times the fast kernel in the other block order and
// with 2 to 6 resident blocks per SM (tune_residency.cu), on other tile
// shapes (tune_plans.cu), and with the other choice of whole sectors
// ("sectors": the shipped kernel and residency; n/a where it has none).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <swz/transpose.cuh>

#include "../support/check_cuda.hpp"
#include "anchors.hpp"
#include "bench_kernels.cuh"
#include "bench_shapes.hpp"
#include "hbm_peak.hpp"
#include "tune_residency.hpp"

namespace {

using namespace swz::bench;

#define CHECK_CUDA(call) SWZ_CHECK_CUDA("swz-bench", call)

// One timed variant: the median, or why there is none.
struct timing {
    double ms = -1;
    std::string note;  // "" when timed and its output matched
    bool timed() const { return ms > 0 && note.empty(); }
};

struct cell {
    bench_shape shape;
    std::string type;
    std::size_t elem = 0, bytes = 0;  // bytes of the matrices (read once, written once)
    timing memcpy_d2d, copy16, fast, geam, lt;
    unsigned copy16_hint = 0;  // the L2 prefetch hint of copy16's fastest variant
    std::size_t band = 0, other_band = 0;  // the chosen block order; the one --tune times next to it
    timing fast_other_band;
    timing residency[std::size(tuned_residencies)];  // --tune: tuned_residencies blocks per SM
    timing plans[tuned_plans];                       // --tune: other tile shapes
    timing sectors_flipped;                          // --tune: the other choice of whole sectors
    double copy_ms() const { return std::min(memcpy_d2d.ms > 0 ? memcpy_d2d.ms : 1e30, copy16.ms > 0 ? copy16.ms : 1e30); }
    double gbps(timing const& t) const { return 2.0 * double(bytes) / (t.ms * 1e6); }
    double of_copy(timing const& t) const { return t.timed() ? copy_ms() / t.ms : -1; }
};

// Median of `repeats` launches, each between its own pair of events, after
// warm-up; nullopt if a launch failed.
std::optional<double> median_ms(std::function<bool()> const& launch, int repeats) {
    for (int i = 0; i < 3; ++i)
        if (!launch()) return std::nullopt;
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<cudaEvent_t> ev(2 * std::size_t(repeats));
    for (auto& e : ev) CHECK_CUDA(cudaEventCreate(&e));
    bool ok = true;
    for (int i = 0; i < repeats && ok; ++i) {
        CHECK_CUDA(cudaEventRecord(ev[2 * i]));
        ok = launch();
        CHECK_CUDA(cudaEventRecord(ev[2 * i + 1]));
    }
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<double> t;
    for (int i = 0; i < repeats && ok; ++i) {
        float ms = 0;
        CHECK_CUDA(cudaEventElapsedTime(&ms, ev[2 * i], ev[2 * i + 1]));
        t.push_back(ms);
    }
    for (auto& e : ev) CHECK_CUDA(cudaEventDestroy(e));
    if (!ok) return std::nullopt;
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

template <class T>
struct buffers {
    std::size_t in_bytes, out_bytes;
    T *in = nullptr, *out = nullptr, *ref = nullptr;
    unsigned long long* count = nullptr;

    explicit buffers(bench_shape const& s)
        : in_bytes(((s.batch - 1) * s.stride_in() + (s.rows - 1) * s.ld_in + s.cols) * sizeof(T)),
          out_bytes(((s.batch - 1) * s.stride_out() + (s.cols - 1) * s.ld_out + s.rows) * sizeof(T)) {
        CHECK_CUDA(cudaMalloc(&in, round8(in_bytes)));
        CHECK_CUDA(cudaMalloc(&out, round8(out_bytes)));
        CHECK_CUDA(cudaMalloc(&ref, round8(out_bytes)));
        CHECK_CUDA(cudaMalloc(&count, sizeof(*count)));
        auto const m = finite_floats<sizeof(T)>();
        fill_random<<<grid_for(round8(in_bytes) / 8), 256>>>(reinterpret_cast<std::uint64_t*>(in), round8(in_bytes) / 8,
                                                             0x5eed0000 + s.rows * 31 + s.cols, m.keep, m.set);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaMemset(ref, 0xCD, round8(out_bytes)));
        reference_transpose<<<grid_for(s.rows * s.cols * s.batch), 256>>>(ref, in, s.rows, s.cols, s.ld_in, s.ld_out,
                                                                          s.stride_in(), s.stride_out(), s.batch);
        CHECK_CUDA(cudaGetLastError());
        CHECK_CUDA(cudaDeviceSynchronize());
    }
    ~buffers() {
        cudaFree(in), cudaFree(out), cudaFree(ref), cudaFree(count);
    }
    static std::size_t round8(std::size_t n) { return (n + 7) / 8 * 8; }

    // The output poisoned, one launch, then every byte of the output buffer
    // (gaps between rows included) against the reference.
    bool matches_after(std::function<bool()> const& launch) {
        CHECK_CUDA(cudaMemset(out, 0xCD, round8(out_bytes)));
        CHECK_CUDA(cudaDeviceSynchronize());
        if (!launch()) return false;
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK_CUDA(cudaMemset(count, 0, sizeof(*count)));
        count_differences<<<grid_for(round8(out_bytes) / 8), 256>>>(reinterpret_cast<unsigned char const*>(out),
                                                                    reinterpret_cast<unsigned char const*>(ref),
                                                                    round8(out_bytes), count);
        CHECK_CUDA(cudaGetLastError());
        unsigned long long differing = 0;
        CHECK_CUDA(cudaMemcpy(&differing, count, sizeof(differing), cudaMemcpyDeviceToHost));
        return differing == 0;
    }
};

// Checked, then timed.
template <class T>
timing measure(buffers<T>& buf, std::function<bool()> const& launch, int repeats) {
    timing t;
    if (!buf.matches_after(launch)) {
        t.note = "WRONG or failed";
        return t;
    }
    auto const ms = median_ms(launch, repeats);
    if (!ms) t.note = "launch failed";
    else t.ms = *ms;
    return t;
}

// The tile columns (elements) of the plan the shipped kernel runs a shape on.
struct plan_columns {
    template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors>
    std::size_t operator()() const {
        return Plan::nx;
    }
};

template <class T>
cell bench_cell(char const* type, bench_shape const& s, int repeats, bool tune, anchors const& libs) {
    cell c{s, type, sizeof(T), s.rows * s.cols * s.batch * sizeof(T)};
    buffers<T> buf(s);
    auto const ok = [](cudaError_t e) { return e == cudaSuccess; };
    if (auto ms = median_ms([&] { return ok(cudaMemcpyAsync(buf.out, buf.in, c.bytes, cudaMemcpyDeviceToDevice)); }, repeats))
        c.memcpy_d2d.ms = *ms;
    // copy16 with each L2 prefetch hint the kernels may use: the fastest.
    auto const time_copy16 = [&](auto hint) {
        constexpr unsigned h = decltype(hint)::value;
        if (auto ms = median_ms([&] { return ok(launch_copy16<h>(buf.out, buf.in, c.bytes, 0)); }, repeats))
            if (c.copy16.ms < 0 || *ms < c.copy16.ms) c.copy16.ms = *ms, c.copy16_hint = h;
    };
    time_copy16(std::integral_constant<unsigned, 0>{});
    time_copy16(std::integral_constant<unsigned, 128>{});
    time_copy16(std::integral_constant<unsigned, 256>{});

    swz::detail::transpose_shape const shape{s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.stride_in(), s.stride_out()};
    c.fast = measure(buf, [&] {
        return ok(swz::transpose_batched(buf.out, s.ld_out, s.stride_out(), buf.in, s.ld_in, s.stride_in(), s.rows, s.cols,
                                         s.batch));
    }, repeats);
    std::size_t resident = 0;
    CHECK_CUDA(swz::detail::fast_block_order<sizeof(T)>(buf.out, buf.in, shape, resident, c.band));
    if (tune) {  // the other order: whole columns (the unpacked kernel, for packed cells), or bands reading whole rows
        std::size_t const nx = swz::detail::with_fast_kernel<sizeof(T)>(buf.out, buf.in, shape, plan_columns{});
        std::size_t const across = (s.cols + nx - 1) / nx;
        c.other_band = c.band != swz::whole_column ? std::size_t(swz::whole_column) : std::max<std::size_t>(1, resident / across);
        c.fast_other_band = measure(buf, [&] {
            return ok(swz::detail::launch_fast<sizeof(T)>(buf.out, buf.in, shape, 0, c.other_band));
        }, repeats);
        for (unsigned r = 0; r < std::size(tuned_residencies); ++r) {
            unsigned const blocks = tuned_residencies[r];
            c.residency[r] = measure(buf, [&] {
                return ok(launch_with_residency(sizeof(T), blocks, buf.out, buf.in, shape));
            }, repeats);
        }
        for (unsigned p = 0; p < tuned_plans; ++p)
            c.plans[p] = measure(buf, [&] { return ok(launch_with_plan(sizeof(T), p, buf.out, buf.in, shape)); }, repeats);
        if (sectors_flippable(sizeof(T), buf.out, buf.in, shape))
            c.sectors_flipped = measure(buf, [&] {
                return ok(launch_sectors_flipped(sizeof(T), buf.out, buf.in, shape));
            }, repeats);
        else
            c.sectors_flipped.note = "n/a";
    }
    if constexpr (sizeof(T) >= 4) {
        using F = std::conditional_t<sizeof(T) == 4, float, double>;
        c.geam = measure(buf, [&] {
            return geam(libs, reinterpret_cast<F*>(buf.out), reinterpret_cast<F const*>(buf.in), s) == CUBLAS_STATUS_SUCCESS;
        }, repeats);
    } else {
        c.geam.note = "n/a";
    }
    for (bool fallback : {false, true}) {
        cudaDataType_t const type = lt_type_of<sizeof(T)>();
        if (fallback && type != CUDA_R_8I) break;
        lt_transform const lt(type, lt_scale_of(type, fallback), s);
        c.lt = measure(buf, [&] { return lt.run(libs, buf.out, buf.in) == CUBLAS_STATUS_SUCCESS; }, repeats);
        if (c.lt.timed()) break;
    }
    return c;
}

std::string percent(double share) {
    if (share < 0) return "-";
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", 100 * share);
    return b;
}
// "pack": sub-tiles packed (swz/detail/tile_packing.hpp); "narrow": the
// narrow kernel (swz/detail/narrow_body.hpp); --tune then times the
// unpacked fast kernel in whole columns next to either.
std::string band_name(std::size_t band) {
    if (band == swz::detail::narrow_order) return "narrow";
    return band == swz::whole_column ? "col" : band == 0 ? "pack" : std::to_string(band);
}

void print_header(bool tune) {
    std::printf("%-10s %-20s %-6s %9s %-6s %9s %9s %7s %6s %8s %8s", "group", "shape", "type", "copy GB/s", "by", "swz ms",
                "swz GB/s", "of copy", "of HBM", "geam", "Lt");
    if (tune) {
        std::printf("  %-5s %-12s", "order", "other order");
        for (unsigned b : tuned_residencies) std::printf(" %7s", (std::to_string(b) + "/SM").c_str());
        for (unsigned p = 0; p < tuned_plans; ++p) std::printf(" %7s", ("plan" + std::to_string(p)).c_str());
        std::printf(" %7s", "sectors");
    }
    std::printf("\n");
}

// One line per cell, printed as soon as it is measured.
void print_row(cell const& c, bool tune, double hbm_gbps) {
    {
        bool const memcpy_best = c.memcpy_d2d.ms > 0 && c.memcpy_d2d.ms <= c.copy_ms();
        std::printf("%-10s %-20s %-6s %9.0f %-6s ", c.shape.group.c_str(), c.shape.name().c_str(), c.type.c_str(),
                    2.0 * double(c.bytes) / (c.copy_ms() * 1e6), memcpy_best ? "memcpy" : "copy16");
        if (c.fast.timed())
            std::printf("%9.4f %9.0f %7s %6s", c.fast.ms, c.gbps(c.fast), percent(c.of_copy(c.fast)).c_str(),
                        hbm_gbps > 0 ? percent(c.gbps(c.fast) / hbm_gbps).c_str() : "n/a");
        else
            std::printf("%9s %9s %7s %6s", c.fast.note.c_str(), "", "", "");
        std::printf(" %8s %8s", c.geam.timed() ? percent(c.of_copy(c.geam)).c_str() : c.geam.note.c_str(),
                    c.lt.timed() ? percent(c.of_copy(c.lt)).c_str() : c.lt.note.c_str());
        if (tune) {
            std::printf("  %-5s %-12s", band_name(c.band).c_str(),
                        (band_name(c.other_band) + " " + percent(c.of_copy(c.fast_other_band))).c_str());
            for (auto const& r : c.residency) std::printf(" %7s", r.timed() ? percent(c.of_copy(r)).c_str() : r.note.c_str());
            for (auto const& r : c.plans) std::printf(" %7s", r.timed() ? percent(c.of_copy(r)).c_str() : r.note.c_str());
            auto const& f = c.sectors_flipped;
            std::printf(" %7s", f.timed() ? percent(c.of_copy(f)).c_str() : f.note.c_str());
        }
        std::printf("\n");
        std::fflush(stdout);
    }
}

// The goals, as measured in this run.
void print_summary(std::vector<cell> const& cells) {
    std::size_t n = 0, at93 = 0, squares = 0, squares95 = 0, geam_cells = 0, geam_ahead = 0, lt_cells = 0, lt_ahead = 0;
    double worst = 2;
    std::string worst_at;
    for (auto const& c : cells) {
        double const f = c.of_copy(c.fast);
        ++n;
        at93 += f >= 0.93;
        if (f < worst) worst = f, worst_at = c.shape.name() + " " + c.type;
        if (c.shape.group == "square" && c.shape.rows >= 4096) ++squares, squares95 += f >= 0.95;
        if (c.geam.timed()) ++geam_cells, geam_ahead += c.fast.timed() && c.fast.ms < c.geam.ms;
        if (c.lt.timed()) ++lt_cells, lt_ahead += c.fast.timed() && c.fast.ms < c.lt.ms;
    }
    std::printf("\nat least 93%% of copy: %zu of %zu cells (lowest %s, %s)\n", at93, n, percent(worst).c_str(), worst_at.c_str());
    std::printf("squares from 4096, at least 95%% of copy: %zu of %zu cells\n", squares95, squares);
    std::printf("faster than cuBLAS geam: %zu of %zu cells; than cuBLASLt MatrixTransform: %zu of %zu cells\n", geam_ahead,
                geam_cells, lt_ahead, lt_cells);
}

// --tune's timings as {"2": ms, ...} by resident blocks per SM, or by tile shape (plan).
constexpr unsigned plan_ids[tuned_plans] = {0, 1, 2, 3, 4, 5, 6, 7, 8};

template <std::size_t N>
std::string keyed(unsigned const (&keys)[N], timing const (&r)[N]) {
    std::string s = "{";
    for (std::size_t i = 0; i < N; ++i)
        s += (i ? ", \"" : "\"") + std::to_string(keys[i]) + "\": " + (r[i].timed() ? std::to_string(r[i].ms) : std::string("null"));
    return s + "}";
}

void write_json(std::string const& path, std::vector<cell> const& cells, cudaDeviceProp const& prop, int driver,
                int runtime, int repeats, hbm_peak const& hbm) {
    std::ofstream f(path);
    auto const t = [](timing const& x) { return x.timed() ? std::to_string(x.ms) : std::string("null"); };
    f << "{\"device\": \"" << prop.name << "\", \"sms\": " << prop.multiProcessorCount << ", \"driver\": " << driver
      << ", \"runtime\": " << runtime << ", \"repeats\": " << repeats << ", \"hbm_gbps\": " << hbm.gbps << ", \"hbm_source\": \"" << hbm.source << "\", \"cells\": [\n";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        auto const& c = cells[i];
        f << "  {\"group\": \"" << c.shape.group << "\", \"shape\": \"" << c.shape.name() << "\", \"batch\": " << c.shape.batch
          << ", \"rows\": " << c.shape.rows << ", \"cols\": " << c.shape.cols << ", \"ld_in\": " << c.shape.ld_in
          << ", \"ld_out\": " << c.shape.ld_out << ", \"type\": \"" << c.type << "\", \"bytes\": " << c.bytes
          << ", \"memcpy_ms\": " << t(c.memcpy_d2d) << ", \"copy16_ms\": " << t(c.copy16) << ", \"copy16_hint\": " << c.copy16_hint << ", \"copy_ms\": " << c.copy_ms()
          << ", \"swz_ms\": " << t(c.fast) << ", \"swz_note\": \"" << c.fast.note << "\", \"swz_of_copy\": " << c.of_copy(c.fast)
          << ", \"band\": \"" << band_name(c.band) << "\", \"geam_ms\": " << t(c.geam) << ", \"geam_note\": \"" << c.geam.note
          << "\", \"lt_ms\": " << t(c.lt) << ", \"lt_note\": \"" << c.lt.note << "\", \"other_band\": \""
          << band_name(c.other_band) << "\", \"other_band_ms\": " << t(c.fast_other_band)
          << ", \"residency_ms\": " << keyed(tuned_residencies, c.residency) << ", \"plan_ms\": " << keyed(plan_ids, c.plans)
          << ", \"sectors_flipped_ms\": " << t(c.sectors_flipped)
          << "}" << (i + 1 < cells.size() ? ",\n" : "\n");
    }
    f << "]}\n";
    if (!f) {
        std::fprintf(stderr, "swz-bench: error: cannot write %s\n", path.c_str());
        std::exit(1);
    }
}

constexpr char const* usage =
    "usage: swz-bench [--shapes LIST] [--types int8,half,float,double] [--repeats 50] [--json FILE] [--tune]\n"
    "                 [--hbm-gbps N]\n"
    "  --shapes   ROWSxCOLS or BATCHxROWSxCOLS, either with :LD_IN:LD_OUT, comma-separated\n"
    "             (default: the goals' suite)\n"
    "  --types    element sizes to time (default: all four)\n"
    "  --repeats  launches a figure is the median of (default 50)\n"
    "  --json     also write every cell to FILE\n"
    "  --tune     also time the fast kernel's other block order, residencies, tiles and sectors\n"
    "  --hbm-gbps the memory's peak in GB/s for the \"of HBM\" column (default: the datasheet's\n"
    "             for an H200 or H100 SXM, else the GPU's memory clock x bus width)\n"
    "exit codes: 0 every swz transpose right; 1 bad arguments, a failed CUDA call or an unwritable\n"
    "            --json file; 2 a wrong or failed swz transpose\n";

int bad_arguments(std::string const& what) {
    std::fprintf(stderr, "swz-bench: error: %s (swz-bench --help)\n", what.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<bench_shape> shapes = default_suite();
    std::vector<std::string> types{"int8", "half", "float", "double"};
    int repeats = 50;
    bool tune = false;
    std::string json;
    std::optional<std::size_t> hbm_given;
    for (int i = 1; i < argc; ++i) {
        std::string const a = argv[i];
        bool const valued = a == "--shapes" || a == "--types" || a == "--repeats" || a == "--json" || a == "--hbm-gbps";
        if (valued && i + 1 == argc) return bad_arguments(a + " needs a value");
        if (a == "--help" || a == "-h") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (a == "--shapes") shapes = parse_shapes(argv[++i]);
        else if (a == "--types") types = split(argv[++i], ',');
        else if (a == "--repeats") {
            auto const n = count_of(argv[++i]);  // all digits: "--repeats 1O" is an error, not 1
            if (!n || *n > 999999)
                return bad_arguments(std::string("--repeats takes a positive count of launches (got ") + argv[i] + ")");
            repeats = int(*n);
        } else if (a == "--hbm-gbps") {
            hbm_given = count_of(argv[++i]);
            if (!hbm_given || *hbm_given == 0 || *hbm_given > 1000000)
                return bad_arguments(std::string("--hbm-gbps takes a whole number of GB/s from 1 to 1000000 (got ") + argv[i] + ")");
        } else if (a == "--json") json = argv[++i];
        else if (a == "--tune") tune = true;
        else return bad_arguments("unknown option " + a);
    }
    for (auto const& t : types)
        if (t != "int8" && t != "half" && t != "float" && t != "double")
            return bad_arguments("--types takes int8, half, float, double (got " + t + ")");
    cudaDeviceProp prop{};
    CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
    int driver = 0, runtime = 0;
    CHECK_CUDA(cudaDriverGetVersion(&driver));
    CHECK_CUDA(cudaRuntimeGetVersion(&runtime));
    int clock_khz = 0, bus_bits = 0;
    CHECK_CUDA(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, 0));
    CHECK_CUDA(cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, 0));
    hbm_peak const hbm = hbm_given ? hbm_peak{double(*hbm_given), "--hbm-gbps"} : hbm_peak_of(prop.name, clock_khz, bus_bits);
    anchors const libs;
    std::printf("swz-bench on %s (%d SMs), CUDA driver %d, runtime %d, median of %d launches; copy = faster of "
                "cudaMemcpy D2D and copy16; geam and Lt: their share of copy; HBM: %.0f GB/s (%s)\n",
                prop.name, prop.multiProcessorCount, driver, runtime, repeats, hbm.gbps, hbm.source.c_str());
    print_header(tune);
    std::vector<cell> cells;
    for (auto const& s : shapes)
        for (auto const& t : types) {
            if (t == "int8") cells.push_back(bench_cell<std::int8_t>("int8", s, repeats, tune, libs));
            if (t == "half") cells.push_back(bench_cell<std::uint16_t>("half", s, repeats, tune, libs));
            if (t == "float") cells.push_back(bench_cell<float>("float", s, repeats, tune, libs));
            if (t == "double") cells.push_back(bench_cell<double>("double", s, repeats, tune, libs));
            print_row(cells.back(), tune, hbm.gbps);
        }
    print_summary(cells);
    if (!json.empty()) write_json(json, cells, prop, driver, runtime, repeats, hbm);
    for (auto const& c : cells)
        if (!c.fast.timed()) return 2;  // a wrong or failed swz transpose
    return 0;
}
