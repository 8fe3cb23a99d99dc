// host_divisor (swz/host_divisor.hpp) divides as the plain operators do:
// divisors small and large, powers of two and not, each against dividends at
// the edges of its multiples and of the 64-bit range and random ones.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "swz/host_divisor.hpp"

TEST_CASE("a host divisor divides every 64-bit value as the plain operators do", "[model][divisor]") {
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    auto next = [&] {
        state ^= state << 13, state ^= state >> 7, state ^= state << 17;
        return state;
    };
    std::vector<std::uint64_t> divisors{1, 2, 3, 5, 7, 10, 12, 40, 96, 125, 999, 1000, 1024, 4095, 65535, 65537,
                                        (1ull << 32) - 1, (1ull << 32) + 1, (1ull << 63) - 1, (1ull << 63),
                                        (1ull << 63) + 1, ~0ull - 1, ~0ull};
    for (int i = 0; i < 200; ++i) divisors.push_back(next() >> (next() % 64));
    unsigned checked = 0;
    for (std::uint64_t d : divisors) {
        if (d == 0) continue;
        swz::host_divisor const h(d);
        std::vector<std::uint64_t> values{0, 1, d - 1, d, d + 1, 2 * d - 1, ~0ull, ~0ull - 1, ~0ull / d * d, ~0ull / d * d - 1};
        for (int i = 0; i < 2000; ++i) values.push_back(next() >> (next() % 64));
        for (std::uint64_t v : values) {
            ++checked;
            if (v / h != v / d || v % h != v % d) {
                CAPTURE(d, v);
                FAIL("the quotient or remainder differs");
            }
        }
    }
    CHECK(checked > 400000);
}
