// Stop 48's cluster design (cluster_steps.hpp) run on the CPU: each
// cluster's blocks run every step for every thread (tests/kernels/
// every_thread.hpp), step by step across the cluster's blocks (all gather,
// then all send into the next block's slots, then all store and close), as
// the cluster's barriers order them on the GPU. Int8 and half matrices
// whose input and output rows are unaligned, at input and output pointer
// misalignments mod 16 (halves: even ones), clusters of 1-8 blocks, with
// and without the carry: each output element compared with the input, the
// bytes around the output checked untouched. A check of the prototype
// before it is timed; not part of the suite.
// Build: g++ -std=c++20 -O2 -I kernels/include -I model -I tests/kernels cluster_emulation.cpp
#include <cstdio>
#include <vector>

#include "../tools/emulated_matrix.hpp"
#include "cluster_steps.hpp"
#include "every_thread.hpp"

using namespace swz::detail;

template <class D>
bool check(std::size_t rows, std::size_t cols, unsigned in_mis, unsigned out_mis) {
    constexpr unsigned E = D::plan::elem, S = D::cluster;
    using threads = swz::test::every_thread<D::plan::threads>;
    emulated_matrix x(rows, cols, E, in_mis, out_mis, 320);
    swz::strips::matrix const m{x.in, x.out, rows, cols, cols * E, rows * E};
    threads const th{};
    for (std::size_t b0 = 0; b0 < D::blocks(m); b0 += S) {
        std::vector<std::vector<unsigned char>> tile(S, std::vector<unsigned char>(D::plan::shared_bytes)),
            stash(S, std::vector<unsigned char>(D::stash_bytes, 0x5a));
        std::vector<each_of<threads, typename D::four>> v(S);
        std::vector<typename D::place> p;
        for (unsigned k = 0; k < S; ++k) p.push_back(D::place_of(m, b0 + k));
        for (unsigned k = 0; k < S; ++k)
            if (p[k].real) v[k] = D::gather(th, m, p[k], tile[k].data());
        for (unsigned k = 0; k < S; ++k)
            if (p[k].next_real) D::send(th, m, p[k], v[k], stash[k + 1].data());
        for (unsigned k = 0; k < S; ++k) D::finish(th, m, p[k], v[k], stash[k].data());
    }
    return x.right();
}

// Stop 40's shapes, and two whose strips of 4 and 8 tiles have some
// inside the matrix (neither its first nor its last).
template <class D>
unsigned run(char const* name, unsigned& ran) {
    auto shapes = emulation_shapes;
    shapes.insert(shapes.end(), {{1009, 97}, {113, 111}, {4100, 300}, {3100, 257}});
    return emulate_cases(name, shapes, D::plan::elem, check<D>, ran);
}

int main() {
    using swz::clusters::design;
    unsigned ran = 0, bad = 0;
    bad += run<design<1, 1>>("int8 S=1", ran);
    bad += run<design<1, 2>>("int8 S=2", ran);
    bad += run<design<1, 3>>("int8 S=3", ran);
    bad += run<design<1, 4>>("int8 S=4", ran);
    bad += run<design<1, 8>>("int8 S=8", ran);
    bad += run<design<1, 4, false>>("int8 S=4 unmerged", ran);
    bad += run<design<2, 1>>("half S=1", ran);
    bad += run<design<2, 2>>("half S=2", ran);
    bad += run<design<2, 4>>("half S=4", ran);
    bad += run<design<2, 8>>("half S=8", ran);
    bad += run<design<2, 4, false>>("half S=4 unmerged", ran);
    bad += run<design<1, 1, true, true>>("lean int8 S=1", ran);
    bad += run<design<1, 2, true, true>>("lean int8 S=2", ran);
    bad += run<design<1, 4, true, true>>("lean int8 S=4", ran);
    bad += run<design<1, 8, true, true>>("lean int8 S=8", ran);
    bad += run<design<1, 4, false, true>>("lean int8 S=4 unmerged", ran);
    bad += run<design<2, 4, true, true>>("lean half S=4", ran);
    bad += run<design<2, 8, true, true>>("lean half S=8", ran);
    std::printf("%u of %u cases right\n", ran - bad, ran);
    return bad != 0;
}
