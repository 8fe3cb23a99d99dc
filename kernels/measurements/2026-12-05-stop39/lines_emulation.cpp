// Stop 38's design (lines_steps.hpp at a row step of 128; the larger
// steps are timing proxies, not transposes): its tiles run on the CPU for
// every thread of a block (tests/kernels/every_thread.hpp), every tile of
// int8 matrices whose input and output rows are unaligned, at every input
// and output pointer misalignment mod 16 for a few shapes: each output byte
// compared with the input, the bytes around the output checked untouched.
// A check of the prototype before it is timed; not part of the suite.
// Build: g++ -std=c++20 -O2 -I kernels/include -I model -I tests/kernels lines_emulation.cpp
#include <cstdio>
#include <cstring>
#include <vector>

#include "../tools/emulated_matrix.hpp"
#include "every_thread.hpp"
#include "lines_steps.hpp"

using namespace swz::detail;
template <class D>
bool check(std::size_t rows, std::size_t cols, unsigned in_mis, unsigned out_mis) {
    emulated_matrix x(rows, cols, 1, in_mis, out_mis, 64);
    fast_batch const b = make_fast_batch(x.out, x.in, transpose_shape::packed(rows, cols), 1);
    auto const grid = D::grid_of(rows, cols);
    using plan = typename D::plan;
    tile_walk const walk = tile_walk::of(grid);
    std::vector<unsigned char> tile(plan::shared_bytes);
    for (unsigned block = 0; block < grid.tiles(); ++block)
        D::transpose_tile_owned(swz::test::every_thread<plan::threads>{}, job_of<plan>(b, walk, block), tile.data());
    return x.right();
}

int main() {
    using stop38 = swz::lines::design<swz::fast_transpose_plan<1, 256, 128, 256>, 128>;
    std::size_t const shapes[][2] = {{1001, 515}, {300, 263}, {257, 129}, {513, 131}, {129, 1001}, {1025, 257}, {383, 387},
                                     {2049, 131}, {1537, 67}, {2100, 33}};
    unsigned bad = 0, ran = 0;
    for (auto const& s : shapes)
        for (unsigned im = 0; im < 16; im += 5)
            for (unsigned om = 0; om < 16; om += 3) ++ran, bad += !check<stop38>(s[0], s[1], im, om);
    std::printf("%u of %u cases right\n", ran - bad, ran);
    return bad != 0;
}
