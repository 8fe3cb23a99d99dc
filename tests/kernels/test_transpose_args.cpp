// Every rule of the transpose's argument check (swz/detail/transpose_args.hpp),
// which the API turns into cudaErrorInvalidValue before launching anything:
// known-bad arguments are refused on the rule they break, good ones pass.
#include <catch2/catch.hpp>

#include <cstdint>

#include "swz/detail/transpose_args.hpp"

using namespace swz::detail;

namespace {

// Fake, never dereferenced addresses far apart.
void const* at(std::uintptr_t a) { return reinterpret_cast<void const*>(a); }
constexpr std::uintptr_t in_base = 0x10000000, out_base = 0x20000000;

transpose_problem check(transpose_shape const& s, std::uintptr_t out = out_base, std::uintptr_t in = in_base,
                        std::size_t elem = 4) {
    return check_transpose(at(out), at(in), elem, s);
}

}  // namespace

TEST_CASE("good arguments pass: packed, sub-matrices, batches, broadcast input", "[kernels][args]") {
    CHECK(check(transpose_shape::packed(100, 200)) == transpose_problem::none);
    CHECK(check({100, 200, 256, 128, 1, 0, 0}) == transpose_problem::none);
    CHECK(check({64, 64, 64, 64, 4096, 64 * 64, 64 * 64}) == transpose_problem::none);
    CHECK(check({64, 64, 64, 64, 8, 0, 64 * 64}) == transpose_problem::none);  // one input, eight copies
    CHECK(check(transpose_shape::packed(3, 5), out_base + 2, in_base + 6, 2) == transpose_problem::none);
}

TEST_CASE("empty shapes are no-ops, whatever the other arguments", "[kernels][args]") {
    CHECK(check_transpose(nullptr, nullptr, 4, transpose_shape::packed(0, 5)) == transpose_problem::none);
    CHECK(check_transpose(nullptr, nullptr, 4, transpose_shape::packed(5, 0)) == transpose_problem::none);
    CHECK(check_transpose(nullptr, nullptr, 4, {5, 5, 5, 5, 0, 25, 25}) == transpose_problem::none);
    // Leading dimensions below an empty shape's row, and misaligned pointers.
    CHECK(check({4, 0, 6, 3, 1, 0, 0}) == transpose_problem::none);
    CHECK(check({4, 6, 5, 4, 0, 0, 0}) == transpose_problem::none);
    CHECK(check(transpose_shape::packed(0, 5), out_base + 1, in_base + 3) == transpose_problem::none);
}

TEST_CASE("a single matrix's strides are not looked at", "[kernels][args]") {
    // Strides count between matrices: with one, neither can overflow or overlap.
    CHECK(check({4, 6, 6, 4, 1, 0, SIZE_MAX / 2}) == transpose_problem::none);
    CHECK(check({4, 6, 6, 4, 1, SIZE_MAX / 2, 0}) == transpose_problem::none);
    CHECK(check({4, 6, 6, 4, 1, 0, 1}) == transpose_problem::none);
    // Two matrices: the same output stride is refused.
    CHECK(check({4, 6, 6, 4, 2, 0, SIZE_MAX / 2}) == transpose_problem::too_large);
}

TEST_CASE("spans may end on the address space's last byte, not past it", "[kernels][args]") {
    auto const s = transpose_shape::packed(4, 6);  // 96 bytes of floats each
    CHECK(check(s, UINTPTR_MAX - 95) == transpose_problem::none);
    CHECK(check(s, UINTPTR_MAX - 91) == transpose_problem::too_large);
    CHECK(check(s, out_base, UINTPTR_MAX - 95) == transpose_problem::none);
    CHECK(check(s, out_base, UINTPTR_MAX - 91) == transpose_problem::too_large);
    // Touching at the top: the input's last byte is just before the output's first.
    CHECK(check(s, UINTPTR_MAX - 95, UINTPTR_MAX - 191) == transpose_problem::none);
    CHECK(check(s, UINTPTR_MAX - 95, UINTPTR_MAX - 187) == transpose_problem::overlap);
}

TEST_CASE("known-bad arguments are refused on the rule they break", "[kernels][args]") {
    CHECK(check({100, 200, 199, 100, 1, 0, 0}) == transpose_problem::leading_dimension);
    CHECK(check({100, 200, 200, 99, 1, 0, 0}) == transpose_problem::leading_dimension);
    CHECK(check_transpose(at(out_base), nullptr, 4, transpose_shape::packed(2, 2)) == transpose_problem::null_pointer);
    CHECK(check_transpose(nullptr, at(in_base), 4, transpose_shape::packed(2, 2)) == transpose_problem::null_pointer);
    CHECK(check(transpose_shape::packed(2, 2), out_base + 2) == transpose_problem::misaligned);
    CHECK(check(transpose_shape::packed(2, 2), out_base, in_base + 1, 2) == transpose_problem::misaligned);
    CHECK(check({64, 64, 64, 64, 2, 64 * 64, 64 * 64 - 1}) == transpose_problem::output_stride);
    // Spans: output matrices whose elements interleave (the second in the
    // gaps of the first's rows) share no element and are refused still.
    CHECK(check({4, 6, 6, 8, 2, 24, 4}) == transpose_problem::output_stride);
    CHECK(check({SIZE_MAX / 2, 4, 4, SIZE_MAX / 2, 1, 0, 0}) == transpose_problem::too_large);
}

TEST_CASE("overlapping input and output are refused, touching ones pass", "[kernels][args]") {
    auto const s = transpose_shape::packed(16, 16);  // 1024 bytes of floats each
    CHECK(check(s, in_base, in_base) == transpose_problem::overlap);
    CHECK(check(s, in_base + 1020, in_base) == transpose_problem::overlap);
    CHECK(check(s, in_base - 1020, in_base) == transpose_problem::overlap);
    CHECK(check(s, in_base + 1024, in_base) == transpose_problem::none);
    CHECK(check(s, in_base - 1024, in_base) == transpose_problem::none);
    // A batch's span counts from its first matrix to the end of its last.
    CHECK(check({16, 16, 16, 16, 3, 1024, 256}, in_base + 8 * 1024, in_base) == transpose_problem::overlap);
    // Spans, not elements: a transpose into the gaps of its own input's rows.
    CHECK(check({16, 8, 16, 16, 1, 0, 0}, in_base + 32, in_base) == transpose_problem::overlap);
}
