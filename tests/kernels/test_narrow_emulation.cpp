// The narrow kernel (swz/detail/narrow_body.hpp), run on the CPU as the
// GPU runs it: which shapes take it, and that it transposes them exactly
// for every narrow width it takes, lines that end anywhere in a lane, a
// warp or a block, every misalignment of both pointers, leading dimensions
// on the strided side, batches; nothing read outside the input, no byte
// of the output buffer written but the output's.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include "emulation_check.hpp"
#include "swz/detail/narrow_choice.hpp"
#include "swz/kernels/narrow_transpose_config.hpp"

using namespace swz;
using namespace swz::test;

namespace {

// Lines that end inside a lane's K, at a warp's and a block's end and
// just past them (a warp holds 31 groups of K lines, a block 8 warps).
template <unsigned E>
std::vector<std::size_t> line_counts() {
    constexpr std::size_t K = 16 / E, warp = 31 * K, block = 8 * warp;
    return {1, K == 2 ? 3 : K - 1, K + 1, warp - 1, warp + 3, block + K / 2 + 1};
}

// Pointer offsets from a 16-byte boundary: every one the element allows
// (int8: a spread of them), a few on a matrix past a block.
template <unsigned E>
std::vector<std::size_t> offsets(std::size_t lines) {
    if (lines > 31 * 16 / E + 3) return {0, E, 16 - E};
    if (E == 1) return {0, 1, 3, 8, 13, 15};
    std::vector<std::size_t> all;
    for (std::size_t o = 0; o < 16; o += E) all.push_back(o);
    return all;
}

// How many times each byte of the output span was written.
struct write_counts {
    static inline std::uintptr_t lo = 0;
    static inline std::vector<unsigned> counts;
    static void watch(void const* p, std::size_t n) {
        auto const a = reinterpret_cast<std::uintptr_t>(p);
        for (std::size_t i = 0; i < n; ++i)
            if (a + i >= lo && a + i - lo < counts.size()) ++counts[a + i - lo];
    }
    write_counts(unsigned char const* begin, std::size_t bytes) {
        lo = reinterpret_cast<std::uintptr_t>(begin);
        counts.assign(bytes, 0);
        detail::host_write_watch() = &watch;
    }
    ~write_counts() { detail::host_write_watch() = nullptr; }
};

// Every output byte written exactly once: where a lane's chunk straddles
// the next warp's lanes, each warp writes only its own piece (on the GPU
// warps run in any order, so a byte written twice could take either).
template <unsigned E>
void check_written_once(placement const& p) {
    auto const& s = p.shape;
    CAPTURE(E, s.rows, s.cols, s.ld_in, s.ld_out, s.batch, p.in_offset, p.out_offset);
    aligned_buffer in(p.in_buffer()), out(p.out_buffer());
    std::size_t twice = 0, output_bytes = 0;
    {
        write_counts const counts(out.data + p.out_offset, p.out_span());
        emulate_transpose<E>(out.data + p.out_offset, in.data + p.in_offset, s);
        for (unsigned c : write_counts::counts) twice += c > 1;
    }
    for (std::size_t b = 0; b < s.batch; ++b) output_bytes += s.rows * s.cols * E;
    std::size_t written = 0;
    for (unsigned c : write_counts::counts) written += c > 0;
    REQUIRE(twice == 0);
    REQUIRE(written == output_bytes);
}

}  // namespace

TEMPLATE_TEST_CASE_SIG("narrow: which shapes the narrow kernel takes", "[kernels][emulation][narrow]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    using config = narrow_transpose_config<E>;
    auto choice = [](detail::transpose_shape const& s) { return detail::choose_narrow<E>(s); };
    // Tall: contiguous input rows of up to max_cols elements.
    for (std::size_t n = 1; n <= config::max_cols; ++n) {
        auto const c = choice(shape_of(100000, n));
        CHECK((c.n == n && c.tall));
        CHECK(choice(shape_of(100000, n, 1)).n == 0);        // input rows apart: not contiguous
        CHECK(choice(shape_of(100000, n, 0, 7)).n == n);     // gaps between output rows are fine
    }
    CHECK(choice(shape_of(100000, config::max_cols + 1)).n == 0);
    // Wide: contiguous output rows of up to max_rows elements.
    for (std::size_t n = 1; n <= config::max_rows; ++n) {
        auto const c = choice(shape_of(n, 100000));
        CHECK((c.n == n && !c.tall));
        CHECK(choice(shape_of(n, 100000, 0, 1)).n == 0);
        CHECK(choice(shape_of(n, 100000, 9, 0)).n == n);
    }
    CHECK(choice(shape_of(config::max_rows + 1, 100000)).n == 0);
    // Narrow both ways: tall first. Empty: none.
    auto const both = choice(shape_of(2, 3));
    CHECK((both.n == 3 && both.tall));
    CHECK(choice(shape_of(0, 3)).n == 0);
    CHECK(choice(shape_of(3, 0)).n == 0);
}

TEMPLATE_TEST_CASE_SIG("narrow: tall, every width, lines ending anywhere, every misalignment",
                       "[kernels][emulation][narrow]", ((unsigned E), E), 1, 2, 4, 8) {
    // The output's leading dimension a line longer on every other offset pair.
    for (std::size_t n = 1; n <= narrow_transpose_config<E>::max_cols; ++n)
        for (std::size_t rows : line_counts<E>())
            for (std::size_t in_off : offsets<E>(rows))
                for (std::size_t out_off : offsets<E>(rows)) {
                    auto const p = at<E>(shape_of(rows, n, 0, (in_off + out_off) / E % 2), in_off, out_off);
                    auto const c = detail::choose_narrow<E>(p.shape);
                    REQUIRE((c.n == n && c.tall));
                    check_emulated<E>(p);
                    check_written_once<E>(p);
                }
}

TEMPLATE_TEST_CASE_SIG("narrow: wide, every width, lines ending anywhere, every misalignment",
                       "[kernels][emulation][narrow]", ((unsigned E), E), 1, 2, 4, 8) {
    // The input's leading dimension a line longer on every other offset pair.
    for (std::size_t n = 1; n <= narrow_transpose_config<E>::max_rows; ++n)
        for (std::size_t cols : line_counts<E>()) {
            if (cols <= narrow_transpose_config<E>::max_cols) continue;  // that shape runs as tall
            for (std::size_t in_off : offsets<E>(cols))
                for (std::size_t out_off : offsets<E>(cols)) {
                    auto const p = at<E>(shape_of(n, cols, (in_off + out_off) / E % 2, 0), in_off, out_off);
                    auto const c = detail::choose_narrow<E>(p.shape);
                    REQUIRE((c.n == n && !c.tall));
                    check_emulated<E>(p);
                    check_written_once<E>(p);
                }
        }
}

TEMPLATE_TEST_CASE_SIG("narrow: batches, with gaps between matrices and odd strides", "[kernels][emulation][narrow]",
                       ((unsigned E), E), 1, 2, 4, 8) {
    constexpr std::size_t K = 16 / E;
    for (std::size_t n : {std::size_t(1), std::size_t(3), std::size_t(narrow_transpose_config<E>::max_rows)}) {
        check_emulated<E>(at<E>(shape_of(40 * K + 3, n, 0, 0, 5)));               // tall, packed batch
        check_emulated<E>(at<E>(shape_of(33 * K + 1, n, 0, 2, 3, 7, 5), E, 0));  // tall, gaps
        check_emulated<E>(at<E>(shape_of(n, 40 * K + 3, 0, 0, 5)));               // wide, packed batch
        check_emulated<E>(at<E>(shape_of(n, 33 * K + 1, 3, 0, 4, 5, 1), 0, E));  // wide, gaps
    }
}

namespace {

// A random narrow placement: a narrow side of 1 .. the kernel's bound, a
// long side up to a few blocks, gaps on the strided side, in a random
// batch at any misalignment (random_batch_at). The contiguous side has no
// gap, so the narrow kernel takes every one.
template <unsigned E>
placement random_narrow_placement(std::mt19937_64& rng) {
    using config = narrow_transpose_config<E>;
    auto pick = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    bool const tall = pick(0, 1);
    std::size_t const n = pick(1, tall ? config::max_cols : config::max_rows), length = pick(config::max_cols + 1, 6000);
    std::size_t const gap = pick(0, 2) ? 0 : pick(1, 40);
    return tall ? random_batch_at(rng, E, length, n, 0, gap) : random_batch_at(rng, E, n, length, gap, 0);
}

}  // namespace

// Stop 34 soaked the emulation with 264,000 random narrow placements like
// these (22 seeds, a driver not committed); CI runs a fixed seed's 150 a
// size, so that a change meets shapes no list names.
TEMPLATE_TEST_CASE_SIG("narrow: seeded random placements (lengths, gaps, batches, misalignments)",
                       "[kernels][emulation][narrow]", ((unsigned E), E), 1, 2, 4, 8) {
    std::mt19937_64 rng(35 * 1000 + E);
    for (int k = 0; k < 150; ++k) {
        placement const p = random_narrow_placement<E>(rng);
        auto const c = detail::choose_narrow<E>(p.shape);
        REQUIRE(c.n == (c.tall ? p.shape.cols : p.shape.rows));
        REQUIRE(c.n != 0);
        check_emulated<E>(p);
        check_written_once<E>(p);
    }
}
