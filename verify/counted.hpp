// A count and its noun, singular for one ("1 start", "128 starts"): the
// methods and evidence of certificates name counts that are often 1 (one
// start in a period of one row).
#pragma once

#include <cstdint>
#include <string>

namespace swz::verify {

// noun: the singular; plural: where it is not noun + "s".
inline std::string counted(std::uint64_t n, std::string const& noun, std::string const& plural = {}) {
    return std::to_string(n) + " " + (n == 1 ? noun : plural.empty() ? noun + "s" : plural);
}

}  // namespace swz::verify
