// A matrix for the prototypes' CPU emulations (stop 39's lines, stop 40's
// strips): input and output each at a chosen misalignment mod 16 inside a
// larger buffer, the input filled so that neighbours differ, the output
// and its surroundings poisoned; then every element compared with the
// input and the bytes around the output checked untouched.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <array>
#include <string>
#include <vector>

#include "swz/detail/vec16.hpp"

struct emulated_matrix {
    static constexpr unsigned char poison = 0xa5;
    std::size_t rows, cols, elem, n;
    unsigned in_mis, out_mis;
    std::vector<unsigned char> in_buf, out_buf;
    unsigned char* in;
    unsigned char* out;

    emulated_matrix(std::size_t r, std::size_t c, std::size_t e, unsigned im, unsigned om, std::size_t pad)
        : rows(r), cols(c), elem(e), n(r * c * e), in_mis(im), out_mis(om), in_buf(n + 2 * pad), out_buf(n + 2 * pad, poison) {
        in = at(in_buf, pad, im), out = at(out_buf, pad, om);
        for (std::size_t q = 0; q < n; ++q) in[q] = static_cast<unsigned char>((q * 2654435761u) >> 13 | 1);
    }
    static unsigned char* at(std::vector<unsigned char>& buf, std::size_t pad, unsigned mis) {
        unsigned char* p = buf.data() + pad;
        while (swz::detail::address(p) % 16 != mis) ++p;
        return p;
    }

    // Every output element is its input element, and nothing else was written.
    bool right() const {
        for (std::size_t r = 0; r < rows; ++r)
            for (std::size_t c = 0; c < cols; ++c)
                if (std::memcmp(out + (c * rows + r) * elem, in + (r * cols + c) * elem, elem) != 0)
                    return say("out[" + std::to_string(c) + "][" + std::to_string(r) + "] wrong");
        for (unsigned char const* p = out_buf.data(); p < out_buf.data() + out_buf.size(); ++p)
            if ((p < out || p >= out + n) && *p != poison) return say("a byte outside the output written");
        return true;
    }
    bool say(std::string const& what) const {
        std::printf("%zux%zu in%%16=%u out%%16=%u: %s\n", rows, cols, in_mis, out_mis, what.c_str());
        return false;
    }
};

// The prototypes' emulated cases: each shape at input pointer
// misalignments 0, 5e, 10e, 15e mod 16 and output ones 0, 3e, 6e, ...
// (e the element's bytes, under 16); check(rows, cols, in_mis, out_mis)
// says whether one ran right. Prints the count; adds the cases to `ran`
// and returns how many failed.
inline std::vector<std::array<std::size_t, 2>> const emulation_shapes = {
    {1001, 515}, {300, 263}, {257, 129}, {513, 131}, {129, 1001}, {1025, 257}, {383, 387}, {2049, 131},
    {1537, 67},  {2100, 33}, {17, 301},  {239, 241}, {241, 127},  {495, 99},   {497, 5},   {3, 3}};
template <class Check>
unsigned emulate_cases(char const* name, std::vector<std::array<std::size_t, 2>> const& shapes, unsigned e,
                       Check const& check, unsigned& ran) {
    unsigned bad = 0, here = 0;
    for (auto const& s : shapes)
        for (unsigned im = 0; im < 16; im += 5 * e)
            for (unsigned om = 0; om < 16; om += 3 * e) ++here, bad += !check(s[0], s[1], im, om);
    std::printf("%s: %u of %u cases right\n", name, here - bad, here);
    ran += here;
    return bad;
}
