// The pieces a chunk crossing a row's edge moves in (swz/detail/chunk_parts.hpp)
// and the realigning shift (funnel16), exhaustively: every [lo, hi) of a
// chunk, every shift.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>
#include <vector>

#include "swz/detail/chunk_parts.hpp"
#include "swz/detail/register_shuffles.hpp"

using namespace swz::detail;

namespace {

vec16 pattern(unsigned seed) {
    vec16 v;
    auto* b = reinterpret_cast<unsigned char*>(v.w);
    for (unsigned i = 0; i < 16; ++i) b[i] = static_cast<unsigned char>(seed * 31 + i * 7 + 1);
    return v;
}
unsigned char byte_of(vec16 const& v, unsigned i) { return reinterpret_cast<unsigned char const*>(v.w)[i]; }

}  // namespace

TEST_CASE("every part of a chunk moves in at most 7 aligned pieces that tile it", "[kernels][parts]") {
    for (unsigned lo = 0; lo <= 16; ++lo)
        for (unsigned hi = lo; hi <= 16; ++hi) {
            CAPTURE(lo, hi);
            std::vector<int> covered(16, 0);
            unsigned pieces = 0;
            for_each_piece(lo, hi, [&](unsigned o, unsigned size) {
                REQUIRE((size == 1 || size == 2 || size == 4 || size == 8));
                REQUIRE(o % size == 0);
                for (unsigned b = o; b < o + size; ++b) ++covered[b];
                ++pieces;
            });
            REQUIRE(pieces <= 7);
            for (unsigned b = 0; b < 16; ++b) REQUIRE(covered[b] == (b >= lo && b < hi ? 1 : 0));
        }
}

TEST_CASE("a part load reads bytes [lo, hi) and zeros the rest; a part store writes only [lo, hi)", "[kernels][parts]") {
    alignas(16) unsigned char memory[48];
    for (unsigned lo = 0; lo <= 16; ++lo)
        for (unsigned hi = lo; hi <= 16; ++hi) {
            CAPTURE(lo, hi);
            for (unsigned i = 0; i < 48; ++i) memory[i] = static_cast<unsigned char>(200 - i);
            vec16 const got = load_part(memory + 16, lo, hi);
            for (unsigned b = 0; b < 16; ++b) REQUIRE(byte_of(got, b) == (b >= lo && b < hi ? memory[16 + b] : 0));
            vec16 const v = pattern(lo * 17 + hi);
            store_part(memory + 16, v, lo, hi);
            for (unsigned i = 0; i < 48; ++i) {
                bool const inside = i >= 16 + lo && i < 16 + hi;
                REQUIRE(memory[i] == (inside ? byte_of(v, i - 16) : static_cast<unsigned char>(200 - i)));
            }
        }
}

TEST_CASE("funnel16 takes bytes [shift, shift + 16) of two vectors, for every shift", "[kernels][parts]") {
    vec16 const lo = pattern(1), hi = pattern(2);
    for (unsigned shift = 0; shift < 16; ++shift) {
        CAPTURE(shift);
        vec16 const bytes = funnel16<1>(lo, hi, shift);
        for (unsigned b = 0; b < 16; ++b)
            REQUIRE(byte_of(bytes, b) == (shift + b < 16 ? byte_of(lo, shift + b) : byte_of(hi, shift + b - 16)));
        if (shift % 4 == 0) {  // the word-granular form, for elements of 4 and 8 bytes
            vec16 const words = funnel16<4>(lo, hi, shift);
            REQUIRE(std::memcmp(words.w, bytes.w, 16) == 0);
        }
    }
}
