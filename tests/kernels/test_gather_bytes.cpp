// gather_bytes (swz/detail/register_shuffles.hpp), exhaustively: from four
// words whose 16 bytes are labelled 0..15, every choice of source byte for
// each of the result's four bytes (16^4) must come out as chosen, whether
// the bytes come from one, two, three or four words.
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>

#include "swz/detail/register_shuffles.hpp"

using namespace swz::detail;

TEST_CASE("gather_bytes picks each byte of the result from where it is told", "[kernels][shuffles]") {
    std::array<std::uint32_t, 4> const words{0x03020100u, 0x07060504u, 0x0b0a0908u, 0x0f0e0d0cu};
    auto const word = [&](unsigned t) { return words[t]; };
    std::array<unsigned, 5> by_words{};  // cases by how many words they read
    for (unsigned code = 0; code < 16 * 16 * 16 * 16; ++code) {
        unsigned const src[4] = {code & 15, code >> 4 & 15, code >> 8 & 15, code >> 12 & 15};
        std::uint32_t const got = gather_bytes(word, src);
        for (unsigned i = 0; i < 4; ++i) {
            CAPTURE(src[0], src[1], src[2], src[3], i);
            REQUIRE((got >> (8 * i) & 0xffu) == src[i]);
        }
        unsigned mask = 0;
        for (unsigned s : src) mask |= 1u << (s / 4);
        ++by_words[__builtin_popcount(mask)];
    }
    CHECK(by_words[1] == 4 * 256);  // every kind of case was met
    CHECK(by_words[4] == 24 * 256);
}
