// How a cell is named in every counterexample and witness: [y][x], row
// first, as a C array is indexed.
#pragma once

#include <cstdint>
#include <string>

namespace swz::verify {

// Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive)
// on "[" + std::to_string(y) once this is inlined.
inline std::string cell_text(std::uint64_t y, std::uint64_t x) {
    std::string s = "[";
    s += std::to_string(y);
    s += "][";
    s += std::to_string(x);
    s += "]";
    return s;
}

}  // namespace swz::verify
