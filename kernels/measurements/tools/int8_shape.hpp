// The probes' command-line shapes: "RxC", an int8 matrix of R rows and C
// columns, packed; and the bytes they fill inputs with (bits 13-20 of the
// index times Knuth's multiplicative constant: neighbours differ, so a
// misplaced byte shows).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

struct int8_shape {
    std::size_t rows, cols;
};

inline int8_shape parse_int8_shape(std::string const& s) {
    std::size_t const x = s.find('x');
    return {std::stoull(s.substr(0, x)), std::stoull(s.substr(x + 1))};
}

inline std::vector<unsigned char> int8_pattern(std::size_t n) {
    std::vector<unsigned char> h(n);
    for (std::size_t q = 0; q < n; ++q) h[q] = static_cast<unsigned char>((q * 2654435761u) >> 13);
    return h;
}
