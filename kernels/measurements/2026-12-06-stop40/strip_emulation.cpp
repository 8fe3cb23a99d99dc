// Stop 40's strip design (strip_steps.hpp) run on the CPU for every thread
// of a block (tests/kernels/every_thread.hpp), every strip of int8 and
// half matrices whose input and output rows are unaligned, at input and
// output pointer misalignments mod 16 (halves: even ones), with and
// without the carry, for strips of 1-4 tiles, down columns and across:
// each output element compared with the input, the bytes around the
// output checked untouched. A check of the prototype before it is timed;
// not part of the suite.
// Build: g++ -std=c++20 -O2 -I kernels/include -I model -I tests/kernels strip_emulation.cpp
#include <cstdio>
#include <vector>

#include "../tools/emulated_matrix.hpp"
#include "every_thread.hpp"
#include "strip_steps.hpp"

using namespace swz::detail;
template <class D>
bool check(std::size_t rows, std::size_t cols, unsigned in_mis, unsigned out_mis) {
    constexpr unsigned E = D::plan::elem;
    emulated_matrix x(rows, cols, E, in_mis, out_mis, 320);
    swz::strips::matrix const m{x.in, x.out, rows, cols, cols * E, rows * E};
    using plan = typename D::plan;
    std::vector<unsigned char> tile(plan::shared_bytes), stash(D::stash_bytes);
    for (std::size_t block = 0; block < D::blocks(m); ++block)
        D::transpose_strip(swz::test::every_thread<plan::threads>{}, m, block, tile.data(), stash.data());
    return x.right();
}

template <class D>
unsigned run(char const* name, unsigned& ran) {
    return emulate_cases(name, emulation_shapes, D::plan::elem, check<D>, ran);
}

int main() {
    using namespace swz::strips;
    unsigned ran = 0, bad = 0;
    bad += run<design<1, 1>>("int8 S=1", ran);
    bad += run<design<1, 2>>("int8 S=2", ran);
    bad += run<design<1, 3>>("int8 S=3", ran);
    bad += run<design<1, 4>>("int8 S=4", ran);
    bad += run<design<1, 2, false>>("int8 S=2 unmerged", ran);
    bad += run<design<1, 4, false>>("int8 S=4 unmerged", ran);
    bad += run<design<2, 1>>("half S=1", ran);
    bad += run<design<2, 2>>("half S=2", ran);
    bad += run<design<2, 3>>("half S=3", ran);
    bad += run<design<2, 4, false>>("half S=4 unmerged", ran);
    bad += run<design<1, 4, true, true>>("int8 S=4 across", ran);
    bad += run<design<2, 4, true, true>>("half S=4 across", ran);
    std::printf("%u of %u cases right\n", ran - bad, ran);
    return bad != 0;
}
