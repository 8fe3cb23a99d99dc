// The divisors of a product of factors, each found by trial division:
// start period candidates (start_period.hpp) are the divisors of a product
// of a formula's constants, the layout's period and the bank line.
#pragma once

#include <cstdint>
#include <vector>

namespace swz::verify {

// The divisors of the product of `factors`, ascending, those up to `most`
// only, at most `most_count` of them (the smallest). A factor's prime
// above 2^20 that trial division leaves whole is taken as prime: a
// composite one costs divisors, never a wrong one.
std::vector<std::uint64_t> divisors_of_product(std::vector<std::uint64_t> const& factors, std::uint64_t most,
                                               std::size_t most_count);

}  // namespace swz::verify
