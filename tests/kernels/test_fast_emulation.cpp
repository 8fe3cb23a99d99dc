// The fast kernel's body, run on the CPU as the GPU runs it, must transpose
// every shape exactly: rows of every byte length mod 16, every pointer
// misalignment the element allows, leading dimensions larger than the row,
// batches; read nothing outside the input's span and write no byte of the
// output buffer that is not an output element. This checks the index functions the prover reasons about, the
// lane exchanges, the realignment and the edges, on a machine without a GPU.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <map>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "emulate_fast.hpp"
#include "emulation_check.hpp"
#include "fast_plans.hpp"
#include "transpose_check.hpp"

using namespace swz;
using namespace swz::test;


TEMPLATE_TEST_CASE_SIG("rows of every byte length mod 16, both dimensions odd or not", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    // cols * E takes every residue mod 16 that E allows; rows cross a tile
    // boundary and end inside a vector, so do output rows.
    for (std::size_t j = 0; j < 16 / E; ++j)
        for (std::size_t rows : {std::size_t(67), std::size_t(130)}) {
            check_emulated<E>(at<E>(shape_of(rows, 300 / E + j)));
            check_emulated<E>(at<E>(shape_of(300 / E + j, rows)));
        }
}

TEMPLATE_TEST_CASE_SIG("every misalignment of the input and output pointers", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    for (std::size_t in_off = 0; in_off < 16; in_off += E)
        for (std::size_t out_off = 0; out_off < 16; out_off += E) {
            check_emulated<E>(at<E>(shape_of(133, 257 / E + 3), in_off, out_off));    // odd pitches
            check_emulated<E>(at<E>(shape_of(64, 256 / E), in_off, out_off));         // 16-byte pitches
        }
}

TEMPLATE_TEST_CASE_SIG("leading dimensions larger than the row: a sub-matrix, gaps untouched", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    for (std::size_t gap_in : {1, 3, 16, 37})
        for (std::size_t gap_out : {1, 5, 16})
            check_emulated<E>(at<E>(shape_of(150, 270 / E + 1, gap_in, gap_out), E * (gap_in % 3), 0));
    check_emulated<E>(at<E>(shape_of(128, 256 / E, 64 / E, 128 / E)));  // aligned pitches wider than the row
}

TEMPLATE_TEST_CASE_SIG("batches: packed, with gaps between matrices, odd strides", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    check_emulated<E>(at<E>(shape_of(64, 64, 0, 0, 5)));
    check_emulated<E>(at<E>(shape_of(33, 70, 0, 0, 3)));
    check_emulated<E>(at<E>(shape_of(70, 33, 2, 1, 4, 7, 3), 0, E));
    check_emulated<E>(at<E>(shape_of(1, 1, 0, 0, 9)));
}

TEMPLATE_TEST_CASE_SIG("random shapes, leading dimensions, batches and misalignments (seeded)", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    using plan = fast_plan_for<E>;
    std::mt19937_64 rng(20261203 + E);
    for (int k = 0; k < 48; ++k) check_emulated<E>(random_placement(rng, E, plan::tile_rows, plan::nx, 400));
}

TEMPLATE_TEST_CASE_SIG("vectors, single rows and columns, and every block order", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    for (std::size_t n : {1, 2, 15, 17, 1000})
        for (std::size_t band : {std::size_t(0), std::size_t(whole_column)}) {  // the narrow kernel, the fast one
            check_emulated<E>(at<E>(shape_of(1, n)), band);
            check_emulated<E>(at<E>(shape_of(n, 1)), band);
            check_emulated<E>(at<E>(shape_of(1, n), E, 2 * E % 16), band);
            check_emulated<E>(at<E>(shape_of(n, 1), 2 * E % 16, E), band);
        }
    for (std::size_t band : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(whole_column)}) {
        check_emulated<E>(at<E>(shape_of(300, 517)), band);
        check_emulated<E>(at<E>(shape_of(1000, 64 / E + 1, 3, 0, 2)), band);
    }
}

TEMPLATE_TEST_CASE_SIG("rows around the tile's edges where tiles overlap, output rows unaligned", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    // Realigned output rows let tiles overlap by one row group: a column's
    // first tile writes the row's head, its last the tail, a single tile
    // both. Rows from just under one tile to just over two overlapping ones.
    // Input rows unaligned (37 columns) and aligned (64 bytes): floats and
    // doubles realign their output rows by the gather on one, by shuffles
    // on the other (body::realigns_by_gather).
    using plan = fast_plan_of<E, false>;
    constexpr std::size_t T = plan::tile_rows, K = plan::rows_per_vector;
    for (std::size_t rows : {T - K - 1, T - 1, T, T + 1, 2 * T - K - 1, 2 * T - K, 2 * T - K + 1, 3 * T - 2 * K + 1})
        for (std::size_t out_off = 0; out_off < 16; out_off += E) {
            check_emulated<E>(at<E>(shape_of(rows, 37), E, out_off));
            check_emulated<E>(at<E>(shape_of(rows, 64 / E), 0, out_off));
        }
}

TEMPLATE_TEST_CASE_SIG("tiles wholly inside the matrix: every misalignment, pitches of every residue",
                       "[kernels][emulation]", ((unsigned E), E), 1, 2, 4, 8) {
    // Three tile rows and two tile columns, so that some tiles lie wholly
    // inside the matrix, with their neighbours all round: those take the
    // lean path (body::loads_inside, stores_inside), the rest the edge path.
    for_each_fast_plan<E>([](auto p) {
        using plan = typename decltype(p)::type;
        constexpr std::size_t T = plan::tile_rows, N = plan::nx, K = plan::rows_per_vector;
        for (std::size_t in_off = 0; in_off < 16; in_off += E)
            for (std::size_t out_off = 0; out_off < 16; out_off += E)
                for (std::size_t gap : {std::size_t(0), std::size_t(16 / E - 1)}) {
                    check_emulated<E, forced_plan<E, plan>>(at<E>(shape_of(3 * T + 5, 2 * N + K + 3, gap, 2 * gap), in_off, out_off));
                    // 16-byte pitches at gap 0
                    check_emulated<E, forced_plan<E, plan>>(at<E>(shape_of(3 * T + 4 * K, 2 * N + 2 * K, gap, gap), in_off, out_off));
                }
    });
    using plan = fast_plan_of<E, false>;
    constexpr std::size_t T = plan::tile_rows, N = plan::nx, K = plan::rows_per_vector;
    using body = detail::fast_transpose_body<plan, false, false>;
    // The shape has such tiles: the second tile of the first tile column, for
    // input and output rows unaligned.
    detail::tile_job job{};
    job.rows = 3 * T + 5, job.cols = 2 * N + K + 3, job.pitch_in = job.cols * E + 4, job.pitch_out = job.rows * E + 4;
    job.row0 = T - K, job.col0 = 0, job.in_mis = 4;
    REQUIRE(body::loads_inside(job));
    REQUIRE(body::stores_inside(job));
    job.row0 = 0;  // a column's first tile writes the heads of its output rows
    REQUIRE_FALSE(body::stores_inside(job));
}

// The smallest leading dimension above n elements (a gap after each row)
// whose rows are `kind` apart: 32 (a multiple of 32 bytes), 16 (16 bytes
// past one), 0 (not a multiple of 16).
template <unsigned E>
std::size_t ld_above(std::size_t n, unsigned kind) {
    for (std::size_t ld = n + 1;; ++ld) {
        std::size_t const b = ld * E;
        if (kind == 32 ? b % 32 == 0 : kind == 16 ? b % 32 == 16 : b % 16 != 0) return ld;
    }
}

TEMPLATE_TEST_CASE_SIG("edge tiles: first and last tile rows, last tile columns, corners, every kernel",
                       "[kernels][emulation][edges]", ((unsigned E), E), 1, 2, 4, 8) {
    // An edge tile moves its chunks inside the matrix as a tile inside does
    // and clips only those that cross an edge (body::in_path lean or cut,
    // out_path clipped). Shapes: one tile (first and last at once), a last tile row
    // mostly past the matrix, one nearly full; a last tile column one
    // element wide (unaligned input rows then reach past the end from the
    // column before too), one a few elements short of a chunk, one tile
    // column narrower than the tile. Every kernel: input rows aligned or
    // not (base or pitch), output rows aligned on a sector, 16 bytes past
    // one (pitch or base: Sectors), or not; gaps after every row.
    struct side {
        std::size_t offset;
        unsigned ld_kind;
    };
    side const ins[] = {{0, 16}, {0, 0}, {E, 16}, {16 - E, 0}};
    side const outs[] = {{0, 32}, {0, 16}, {16, 32}, {0, 0}, {E, 32}, {16 - E, 0}};
    std::map<std::array<bool, 3>, path_counts> by_kernel;
    for_each_fast_plan<E>([&](auto p) {
        using plan = typename decltype(p)::type;
        constexpr std::size_t T = plan::tile_rows, N = plan::nx, K = plan::rows_per_vector;
        for (std::size_t rows : {T - 3, T + 5, 3 * T - 2 * K - 1})
            for (std::size_t cols : {N - 1, 2 * N + 1, 2 * N - K + 3})
                for (side const in : ins)
                    for (side const out : outs) {
                        transpose_shape s = shape_of(rows, cols);
                        s.ld_in = ld_above<E>(cols, in.ld_kind), s.ld_out = ld_above<E>(rows, out.ld_kind);
                        s.stride_in = rows * s.ld_in, s.stride_out = cols * s.ld_out;
                        alignas(32) static unsigned char base[64];
                        auto const c = detail::choose_fast_kernel<E>(base + out.offset, base + in.offset, s);
                        emulated_paths() = {};
                        check_emulated<E, forced_plan<E, plan>>(at<E>(s, in.offset, out.offset));
                        auto& n = by_kernel[{c.aligned_in, c.aligned_out, c.sectors}];
                        for (unsigned i = 0; i < 4; ++i) n.loads[i] += emulated_paths().loads[i];
                        for (unsigned i = 0; i < 3; ++i) n.stores[i] += emulated_paths().stores[i];
                    }
    });
    // Input rows aligned or not x output rows on sectors, on halves, unaligned;
    // with aligned input rows and realigned output rows, with and without
    // whole sectors (narrower than a tile: sectors_realigned_for).
    REQUIRE(by_kernel.size() == 7u);
    for (auto const& [kernel, n] : by_kernel) {
        CAPTURE(kernel[0], kernel[1], kernel[2]);
        bool const lean = !(E == 8 && kernel[0] && kernel[1]);  // aligned doubles keep the wide path (lean_inside)
        CHECK((n.loads[1] > 0) == lean);
        CHECK((n.loads[2] > 0) == lean);  // the corner tiles: pieces across the matrix's first or last byte
        CHECK((n.stores[1] > 0) == lean);
        CHECK(n.stores[2] == (lean ? 0u : n.stores[0] + n.stores[1] + n.stores[2]));
    }
}

TEMPLATE_TEST_CASE_SIG("rows under 16 bytes apart: the chunk holding the matrix's last byte spans rows of two tiles",
                       "[kernels][emulation][edges]", ((unsigned E), E), 1, 2, 4, 8) {
    // With 1-3 elements a row, the aligned chunk that holds the matrix's
    // last byte also holds the rows before it, up to 16 bytes back: when
    // the last tile row holds only the last few rows, the tile above reads
    // that chunk too, and must read it in pieces (body::reads_cut).
    for_each_fast_plan<E>([](auto p) {
        using plan = typename decltype(p)::type;
        constexpr std::size_t T = plan::tile_rows, K = plan::rows_per_vector;
        for (std::size_t rows : {T + 1, T + 2, T + 7, 2 * T - K + 1, 2 * T - K + 3, 2 * T - 2 * K + 1, 2 * T - 2 * K + 2})
            for (std::size_t cols : {1, 2, 3})
                for (std::size_t in_off = E; in_off < 16; in_off += 16 / E > 4 ? 3 * E : E) {
                    // In whole columns: the dispatch gives such shapes the narrow kernel.
                    check_emulated<E, forced_plan<E, plan>>(at<E>(shape_of(rows, cols), in_off, 0), whole_column);
                    check_emulated<E, forced_plan<E, plan>>(at<E>(shape_of(rows, cols, 0, 1), in_off, E), whole_column);
                }
    });
}

TEMPLATE_TEST_CASE_SIG("pitches too large for 32-bit offsets from a tile's corner: the wide paths",
                       "[kernels][emulation][edges]", ((unsigned E), E), 1, 2, 4, 8) {
    // Input rows more than 2^31 / tile_rows bytes apart, output rows more
    // than 2^31 / nx: those tiles address the matrix at 64-bit offsets
    // (body::in_path and out_path wide). Three input rows, or two output
    // rows, keep the buffers small; aligned and misaligned bases.
    // Every shape here has unaligned output rows: the realigning kernels.
    using plan = fast_plan_of<E, false>;
    constexpr std::size_t T = plan::tile_rows, N = plan::nx;
    std::size_t const far_in = 0x7fffffffu / T / E + 3, far_out = 0x7fffffffu / N / E + 3;
    for (std::size_t off : {std::size_t(0), std::size_t(E)}) {
        emulated_paths() = {};
        check_emulated<E>(at<E>(shape_of(3, N + 5, far_in - (N + 5), 0), off, off));
        auto const& loads = emulated_paths().loads;
        CHECK(loads[3] == loads[0] + loads[1] + loads[2] + loads[3]);
        emulated_paths() = {};
        check_emulated<E>(at<E>(shape_of(T + 5, 2, 0, far_out - (T + 5)), off, off), whole_column);  // not the narrow kernel
        CHECK(emulated_paths().stores[2] > 0);
        CHECK(emulated_paths().stores[0] + emulated_paths().stores[1] == 0);
    }
}

TEST_CASE("edge tiles of a 1000 x 1000 int8 matrix take the lean loads and clipped stores",
          "[kernels][emulation][edges]") {
    // The shape of kernels/BENCHMARKS.md's batch of 16 (both sides realigned,
    // about a third of the tiles at an edge): every edge tile loads and
    // stores at 32-bit offsets from its corner, none at 64-bit ones.
    using plan = fast_plan_for<1>;
    using body = detail::fast_transpose_body<plan, false, false>;
    alignas(16) static unsigned char base[32];
    for (std::size_t in_mis : {0, 3}) {
        transpose_shape const s = shape_of(1000, 1000);
        detail::fast_batch const b = detail::make_fast_batch(base + 5, base + in_mis, s, 1);
        auto const walk = detail::walk_of<plan, false>(b);
        std::size_t const tiles = detail::tiles_per_matrix<plan, false>(b);
        path_counts n{};
        for (unsigned block = 0; block < tiles; ++block) {
            tile_job const job = detail::job_of<plan>(b, walk, block);
            ++n.loads[unsigned(body::in_path_of(job))];
            ++n.stores[unsigned(body::out_path_of(job))];
        }
        CAPTURE(in_mis, tiles, n.loads[0], n.loads[1], n.loads[2], n.loads[3], n.stores[0], n.stores[1]);
        CHECK(tiles == 72);                // 9 tile rows (overlapping by a row group) x 8 tile columns
        CHECK(n.stores[0] == 7 * 7);       // neither a column's first or last tile nor in the last tile column
        CHECK(n.stores[1] == 72 - 7 * 7);  // every edge tile, clipped
        // The corner tiles (cut): the first tile where its first row's head
        // is unaligned; the last tile row's tile that reads up to the
        // matrix's end (its last tile column: the one before reaches 912
        // bytes into the row), where that end is unaligned (10^6 bytes:
        // with the base's).
        std::size_t const cut = (in_mis != 0 ? 1 : 0) + ((in_mis + 1000000) % 16 != 0 ? 1 : 0);
        CHECK(n.loads[0] == 8 * 7 - (in_mis != 0 ? 1 : 0));  // the rows and reach of 8 tile rows and 7 columns
        CHECK(n.loads[1] == 72 - n.loads[0] - cut);
        CHECK(n.loads[2] == cut);
        CHECK(n.loads[3] == 0);
    }
}

// Which emulated block wrote each byte of the output buffer, and how often.
struct write_log {
    static inline std::uintptr_t lo = 0;
    static inline std::vector<std::size_t> block;  // the last writer + 1, 0: none
    static inline std::vector<unsigned> count;
    static void watch(void const* p, std::size_t n) {
        auto const a = reinterpret_cast<std::uintptr_t>(p) - lo;
        if (a > count.size() || n > count.size() - a) throw std::out_of_range("the emulated kernel wrote outside");
        for (std::size_t i = 0; i < n; ++i) ++count[a + i], block[a + i] = emulated_block() + 1;
    }
    write_log(unsigned char const* begin, std::size_t bytes) {
        lo = reinterpret_cast<std::uintptr_t>(begin), block.assign(bytes, 0), count.assign(bytes, 0);
        detail::host_write_watch() = &watch;
    }
    ~write_log() { detail::host_write_watch() = nullptr; }
};

// The placement emulated, then: every output byte written once, and every
// 32-byte sector (by address) that lies wholly inside an output row written
// by a single block. Returns the sectors written by two blocks.
template <unsigned E>
std::size_t split_sectors(placement const& p) {
    auto const& s = p.shape;
    CAPTURE(E, s.rows, s.cols, s.ld_in, s.ld_out, s.batch, s.stride_in, s.stride_out, p.in_offset, p.out_offset);
    aligned_buffer in(p.in_buffer()), out(p.out_buffer());
    auto const in_data = random_bytes(p.in_buffer(), ++run_counter), poison = random_bytes(p.out_buffer(), ~run_counter);
    std::copy(in_data.begin(), in_data.end(), in.data);
    std::copy(poison.begin(), poison.end(), out.data);
    std::size_t split = 0, rewritten = 0;
    {
        write_log const log(out.data, p.out_buffer());
        REQUIRE_NOTHROW(emulate_transpose<E>(out.data + p.out_offset, in.data + p.in_offset, s));
        for (std::size_t b = 0; b < s.batch; ++b)
            for (std::size_t r = 0; r < s.cols; ++r) {
                std::size_t const begin = p.out_offset + (b * s.stride_out + r * s.ld_out) * E, end = begin + s.rows * E;
                for (std::size_t i = begin; i < end; ++i) rewritten += write_log::count[i] != 1;
                for (std::size_t sec = (begin + 31) / 32 * 32; sec + 32 <= end; sec += 32)
                    split += !std::all_of(write_log::block.begin() + sec, write_log::block.begin() + sec + 32,
                                          [&](std::size_t w) { return w == write_log::block[sec]; });
            }
    }
    REQUIRE(rewritten == 0);
    auto const r = check_transposed(p, in.data, poison.data(), out.data);
    REQUIRE(r.wrong_elements == 0);
    REQUIRE(r.touched_bytes == 0);
    return split;
}

TEMPLATE_TEST_CASE_SIG("output rows aligned to 16 bytes but not to the 32-byte sector: one tile a sector",
                       "[kernels][emulation]", ((unsigned E), E), 1, 2, 4, 8) {
    // Output rows 16 bytes past a sector, every other one (pitch 16 mod 32)
    // or all (base 16 mod 32), or from matrix to matrix (stride): the
    // kernels with Sectors overlap tiles by one row group and split no
    // sector between two tiles. Rows around the tile edges; input rows
    // aligned (64 bytes) and unaligned (37 columns), sub-tiles not packed
    // (more than a tile each way).
    using plan = fast_plan_for<E>;
    constexpr std::size_t T = plan::tile_rows, K = plan::rows_per_vector, N = plan::nx;
    std::size_t const g = 16 / E;  // elements in 16 bytes
    for (std::size_t rows : {T - K - 1, T - 1, T, T + 1, 2 * T - K - 1, 2 * T - K, 2 * T - K + 1, 3 * T - 2 * K + 1}) {
        std::size_t const ld_out = (rows + g - 1) / g * g + ((rows + g - 1) / g % 2 == 0 ? g : 0);  // 16 mod 32 bytes
        REQUIRE(ld_out * E % 32 == 16);
        for (std::size_t cols : {std::size_t(37), N + 64 / E}) {
            transpose_shape s = shape_of(rows, cols, 0, ld_out - rows);
            check_emulated<E>(at<E>(s));
            CHECK(split_sectors<E>(at<E>(s)) == 0);
            s = shape_of(rows, cols, 0, (ld_out + g) - rows);  // pitch 0 mod 32, the base 16 past a sector
            check_emulated<E>(at<E>(s, 0, 16));
            CHECK(split_sectors<E>(at<E>(s, 0, 16)) == 0);
        }
    }
    // A batch whose output matrices alternate (stride 16 mod 32), each 32-byte aligned in itself.
    transpose_shape const s = shape_of(2 * T + 3, N + 5, 0, g * 2 - (2 * T + 3) % (2 * g), 3, 0, g);
    REQUIRE(s.ld_out * E % 32 == 0);
    REQUIRE(s.stride_out * E % 32 == 16);
    check_emulated<E>(at<E>(s));
    CHECK(split_sectors<E>(at<E>(s)) == 0);
}

TEMPLATE_TEST_CASE_SIG("whole sectors: which tile writes a chunk, for every row group, half and column position",
                       "[kernels][emulation]", ((unsigned E), E), 1, 2, 4, 8) {
    // fast_transpose_body::owns_sector against its statement, written here
    // as cases: a tile gives the even chunk of its last written row group
    // to the next tile and the odd chunk of its first to the previous one,
    // but a column's last and first tiles keep them (no neighbour there);
    // every other chunk is its own; without Sectors, every chunk. Bit 4 of
    // any byte address of the chunk says odd; the other bits do not count.
    for_each_fast_plan<E>([](auto p) {
        using plan = typename decltype(p)::type;
        auto const check = [](auto body, bool aligned_out, bool sectors) {
            using B = decltype(body);
            unsigned const last = plan::row_groups - (aligned_out ? 1u : 2u);
            for (unsigned t = 0; t < plan::row_groups; ++t)
                for (unsigned first : {0u, 1u})
                    for (unsigned last_tile : {0u, 1u})
                        for (unsigned byte_low : {0x0u, 0x10u, 0x7u, 0x1fu, 0xffffffe0u, 0xfffffff0u, 0x12345678u}) {
                            bool const odd = (byte_low >> 4) & 1u;
                            bool expected = true;
                            if (sectors && t == last && !last_tile) expected = odd;
                            else if (sectors && t == 0 && !first) expected = !odd;
                            CAPTURE(t, first, last_tile, byte_low);
                            CHECK(B::owns_sector(t, byte_low, first, last_tile) == expected);
                        }
        };
        check(detail::fast_transpose_body<plan, true, true, false, true>{}, true, true);
        check(detail::fast_transpose_body<plan, true, false, false, true>{}, false, true);
        if constexpr (!detail::fast_transpose_body<plan, false, false>::realigns_by_gather)  // doubles: no Sectors
            check(detail::fast_transpose_body<plan, false, false, false, true>{}, false, true);
        check(detail::fast_transpose_body<plan, false, false, false, false>{}, false, false);
    });
}

TEMPLATE_TEST_CASE_SIG("realigned output rows: whole sectors where the config chooses them", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    // Output rows not 16-byte aligned, input rows aligned (64 bytes) or not
    // (37 columns): where choose_fast_kernel picks Sectors (int8, halves and
    // doubles with aligned input rows, floats with either) tiles overlap by
    // two row groups and split no sector; every kernel writes each byte once.
    using plan = fast_plan_of<E, false>;
    constexpr std::size_t T = plan::tile_rows, K = plan::rows_per_vector, N = plan::nx;
    std::size_t with_sectors = 0;
    for (std::size_t rows : {T - 2 * K - 1, T - 1, T + 1, 2 * T - 2 * K - 1, 2 * T - 2 * K, 2 * T - 2 * K + 1, 3 * T + 5})
        for (std::size_t cols : {std::size_t(37), N + 64 / E})
            for (std::size_t out_off : {std::size_t(0), std::size_t(16 - E)}) {
                transpose_shape const s = shape_of(rows, cols, 0, rows * E % 16 == 0 ? 1 : 0);
                alignas(16) static unsigned char base[32];
                auto const c = detail::choose_fast_kernel<E>(base + out_off, base, s);
                REQUIRE_FALSE(c.aligned_out);
                check_emulated<E>(at<E>(s, 0, out_off));
                std::size_t const split = split_sectors<E>(at<E>(s, 0, out_off));
                if (c.sectors) {
                    CHECK(split == 0);
                    ++with_sectors;
                }
            }
    // 7 row counts x 2 offsets, one kind of input row each (floats: both)
    CHECK(with_sectors == (E == 4 ? 28u : 14u));
    // Matrices with aligned input rows narrower than a tile write split
    // sectors (sectors_realigned_for). N / 4, not N / 8: those 16 bytes a
    // row would run the narrow kernel (choose_narrow), not this one.
    for (std::size_t cols : {N / 4, 3 * N / 4, 7 * N / 8, N, N + 16 / E, 2 * N}) {
        transpose_shape const s = shape_of(3 * T + 5, cols);
        alignas(16) static unsigned char base[16];
        auto const c = detail::choose_fast_kernel<E>(base, base, s);
        CAPTURE(cols);
        REQUIRE((c.aligned_in && !c.aligned_out));
        CHECK(c.sectors == (cols >= N));
        check_emulated<E>(at<E>(s));
        if (c.sectors) CHECK(split_sectors<E>(at<E>(s)) == 0);
    }
}

TEMPLATE_TEST_CASE_SIG("several sub-tiles to a tile: tall, wide, small batches, rows aligned", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4) {  // doubles do not pack (fast_transpose_config)
    // Every shape here runs the packed kernel (swz/detail/tile_packing.hpp):
    // rows aligned on both sides, a dimension below the tile or divided
    // badly by it; sub-tiles of several sizes, partly filled last tiles,
    // chunks and vectors cut by the end of a row, gaps between rows and
    // between matrices (16 bytes, keeping rows aligned).
    constexpr std::size_t g = 16 / E;  // elements in 16 bytes
    std::vector<detail::transpose_shape> shapes;
    // 96 bytes: sub-tiles of 64 bytes pad as much as whole tiles for int8
    // and for half rows (64 rows a tile), which then stay whole.
    // Narrow ones with rows 16 bytes longer than the matrix's (packed
    // lines run the narrow kernel: choose_narrow).
    for (std::size_t bytes : {16, 32, 48, 64, 96}) {
        std::size_t const gap = bytes < 64 ? g : 0;
        if (!(E == 1 && bytes == 96)) shapes.push_back(shape_of(1008, bytes / E, gap));  // tall
        if (!(E <= 2 && bytes == 96)) shapes.push_back(shape_of(bytes / E, 1008, 0, gap));  // wide
    }
    shapes.push_back(shape_of(64, 64 / E, 0, 0, 9));  // 64 x 64 bytes: four int8 matrices a tile, two half ones
    shapes.push_back(shape_of(48 / E, 32 / E, g, 0, 7));
    shapes.push_back(shape_of(96 / E, 48 / E, g, 2 * g, 5, g, 0));
    shapes.push_back(shape_of(64 / E, 96 / E, 0, 0, 3, 0, g));
    shapes.push_back(shape_of(100, 40 / E, 48 / E - 40 / E, 12));  // rows of 40 bytes, 48 apart; output rows of 100 elements, 112 apart
    alignas(16) static unsigned char somewhere[16];
    for (auto const& s : shapes) {
        CAPTURE(s.rows, s.cols, s.batch);
        REQUIRE(detail::packing_for<E>(somewhere, somewhere, s).per_tile > 1);
        REQUIRE(detail::choose_narrow<E>(s).n == 0);
        check_emulated<E>(at<E>(s));
    }
}

TEST_CASE("which kernels realign unaligned output rows by the gather", "[kernels][emulation]") {
    // As measured on an H200 (kernels/BENCHMARKS.md, 2026-12-01): doubles
    // whose input rows are not aligned, and floats whose input rows are when
    // they gather one float a read (the shipped floats gather two since
    // stop 26); the rest by shuffles. The tests above run every shipped one.
    using detail::fast_transpose_body;
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<4, false>, true, false>::realigns_by_gather);
    STATIC_REQUIRE(fast_transpose_body<fast_plan_for<4>::gathering<4>, true, false>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<4, false>, false, false>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<8, false>, true, false>::realigns_by_gather);
    STATIC_REQUIRE(fast_transpose_body<fast_plan_of<8, false>, false, false>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_for<4>, true, true>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_for<8>, false, true>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<1, false>, true, false>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<2, false>, false, false>::realigns_by_gather);
    STATIC_REQUIRE_FALSE(fast_transpose_body<fast_plan_of<2, false>, true, false>::realigns_by_gather);
}

namespace {

// What the dispatch hands its callee: the plan's tile and gather, and the alignments.
struct kernel_seen {
    unsigned tile_rows, row_bytes, gather_bytes;
    bool aligned_in, aligned_out;
    template <class Plan, bool AlignedIn, bool AlignedOut, bool Streaming, unsigned MinBlocks, bool Sectors>
    kernel_seen operator()() const {
        return {Plan::tile_rows, Plan::row_bytes, Plan::gather_bytes, AlignedIn, AlignedOut};
    }
};

template <class Plan>
void check_plan(kernel_seen const& k) {
    CHECK(k.tile_rows == Plan::tile_rows);
    CHECK(k.row_bytes == Plan::row_bytes);
    CHECK(k.gather_bytes == Plan::gather_bytes);
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("each kernel runs the plan of its output rows", "[kernels][emulation]", ((unsigned E), E), 1, 2,
                       4, 8) {
    // detail::with_fast_kernel, which the launch and the emulation share,
    // hands the kernels that realign output rows fast_plan_of<E, false>,
    // the others fast_plan_of<E, true>, for each of the four alignments.
    alignas(16) static unsigned char base[32];
    for (std::size_t in_off : {std::size_t(0), std::size_t(E)})
        for (std::size_t out_off : {std::size_t(0), std::size_t(E)}) {
            transpose_shape const s = shape_of(256, 256);
            kernel_seen const k = detail::with_fast_kernel<E>(base + out_off, base + in_off, s, kernel_seen{});
            CAPTURE(in_off, out_off);
            CHECK(k.aligned_in == (in_off == 0));
            CHECK(k.aligned_out == (out_off == 0));
            if (k.aligned_out) check_plan<fast_plan_of<E, true>>(k);
            else check_plan<fast_plan_of<E, false>>(k);
        }
    // Halves realigning output rows: 128 x 128-byte tiles gathering 8
    // bytes a read, so a store covers 16 chunks of each of 2 output rows.
    if constexpr (E == 2) {
        STATIC_REQUIRE(has_realigning_plan<2>);
        kernel_seen const k = detail::with_fast_kernel<2>(base + 2, base, shape_of(256, 256), kernel_seen{});
        CHECK(k.tile_rows == 128);
        CHECK(k.row_bytes == 128);
        CHECK(k.gather_bytes == 8);
    } else {
        STATIC_REQUIRE_FALSE(has_realigning_plan<E>);
    }
    // Tall shapes with aligned rows (32 times as many rows as columns, a
    // whole column of the realigning tile): halves take the realigning
    // plan there too; no other size does, nor a shape just short of tall.
    using tall_plan = std::conditional_t<E == 2, fast_plan_of<E, false>, fast_plan_of<E, true>>;
    for (auto const& s : {shape_of(2048, 64), shape_of(1048576, 96), shape_of(16384, 512)}) {
        CAPTURE(s.rows, s.cols);
        kernel_seen const k = detail::with_fast_kernel<E>(base, base, s, kernel_seen{});
        CHECK((k.aligned_in && k.aligned_out));
        check_plan<tall_plan>(k);
        CHECK(detail::choose_fast_kernel<E>(base, base, s).tall == (E == 2));
        if (E == 2) CHECK(detail::packing_for<E>(base, base, s).per_tile == 1);  // the others pack as before
    }
    for (auto const& s : {shape_of(2040, 64), shape_of(4096, 56), shape_of(4096, 4096), shape_of(64, 2048)}) {
        CAPTURE(s.rows, s.cols);
        CHECK_FALSE(detail::choose_fast_kernel<E>(base, base, s).tall);
        check_plan<fast_plan_of<E, true>>(detail::with_fast_kernel<E>(base, base, s, kernel_seen{}));
    }
}

TEMPLATE_TEST_CASE_SIG("large matrices run the plan for large matrices where the config has one",
                       "[kernels][emulation]", ((unsigned E), E), 1, 2, 4, 8) {
    // Halves with rows aligned on both sides, or output rows realigned, at
    // least 128 rows and columns and 2048 tiles of 128 x 128 elements in the batch
    // (takes_wide_plan) run fast_plan_wide: 128 rows x 256 bytes, 512
    // threads, 8-byte gathers, before the tall rule. No other size has one.
    STATIC_REQUIRE(has_wide_plan<E> == (E == 2));
    alignas(16) static unsigned char base[32];
    struct expectation {
        transpose_shape s;
        std::size_t in_off, out_off;
        bool wide;  // for halves
    };
    expectation const cases[] = {
        {shape_of(8192, 8192), 0, 0, true},            // 64 x 64 tiles
        {shape_of(8192, 4088), 0, 0, true},            // 64 x 32: 2048
        {shape_of(8064, 4096), 0, 0, false},           // 63 x 32: 2016
        {shape_of(8191, 8193), 0, 0, true},            // both sides realigned
        {shape_of(4097, 8192), 0, 0, true},            // output rows realigned
        {shape_of(8192, 8193), 0, 0, false},           // input rows realigned only: `plan`
        {shape_of(8192, 8192), 2, 0, false},           // the same by the input pointer
        {shape_of(8192, 8192), 0, 2, true},            // output rows realigned by the pointer
        {shape_of(524288, 256), 0, 0, true},           // tall, but large: wide first
        {shape_of(1048576, 64), 0, 0, false},          // fewer columns than the tile: tall
        {shape_of(129, 128, 0, 0, 1024), 0, 0, true},  // a batch of 2048 tiles, output rows realigned
        {shape_of(129, 128, 0, 0, 1023), 0, 0, false},
        {shape_of(127, 128, 0, 0, 4096), 0, 0, false},  // fewer rows than the tile
        {shape_of(64, 1048576), 0, 0, false},
        {shape_of(4096, 4096), 0, 0, false},           // 32 x 32 tiles
    };
    for (auto const& c : cases) {
        CAPTURE(c.s.rows, c.s.cols, c.s.batch, c.in_off, c.out_off);
        auto const choice = detail::choose_fast_kernel<E>(base + c.out_off, base + c.in_off, c.s);
        kernel_seen const k = detail::with_fast_kernel<E>(base + c.out_off, base + c.in_off, c.s, kernel_seen{});
        CHECK(choice.wide == (E == 2 && c.wide));
        if (choice.wide) {
            check_plan<fast_plan_wide<E>>(k);
            CHECK(k.tile_rows == 128);
            CHECK(k.row_bytes == 256);
            CHECK(k.gather_bytes == 8);
            CHECK_FALSE(choice.tall);
        } else {
            CHECK(k.tile_rows * k.row_bytes == 16384u);  // one of the 16 KiB tiles
        }
    }
}

TEMPLATE_TEST_CASE_SIG("tall matrices on the realigning plan: edges, sectors, gaps, batches", "[kernels][emulation]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    // Halves run these on the realigning plan with the aligned kernels
    // (fast_transpose_config::tall_takes_realigning_plan), the other sizes
    // on their usual kernels (tall_aligned_shapes says what each shape is).
    std::vector<transpose_shape> const shapes = tall_aligned_shapes(E);
    alignas(32) static unsigned char base[32];
    for (auto const& s : shapes) {
        CAPTURE(s.rows, s.cols, s.ld_in, s.ld_out, s.batch);
        auto const c = detail::choose_fast_kernel<E>(base, base, s);
        REQUIRE((c.aligned_in && c.aligned_out));
        CHECK(c.tall == (E == 2));
        check_emulated<E>(at<E>(s));
    }
    auto const sectors = detail::choose_fast_kernel<E>(base, base, shapes[1]);  // output pitch 16 mod 32
    CHECK(sectors.sectors);
    CHECK(split_sectors<E>(at<E>(shapes[1])) == 0);
}
