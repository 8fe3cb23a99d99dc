// Stop 55's ring design (ring_steps.hpp) run on the CPU: every block of the
// grid, each step for all 256 threads before the next (the kernel's
// barriers), the staging buffers and the ring as the kernel holds them
// (tiles staged Stages - 1 ahead, buffers reused). Shapes and pointer
// misalignments of tools/emulated_matrix.hpp, segments of 1-4 tiles and
// whole columns, both block orders; plus padded pitches on both sides with
// the padding checked untouched. A check of the prototype before it is
// timed; not part of the suite.
// Build: g++ -std=c++20 -O2 -I kernels/include ring_emulation.cpp
#include <cstdio>
#include <algorithm>
#include <vector>

#include "../tools/emulated_matrix.hpp"
#include "ring_steps.hpp"

template <unsigned E, unsigned Stages, bool Lean>
void run_grid(ring::matrix const& m, std::size_t per_segment, bool across) {
    using namespace ring;
    using D = design<E>;
    constexpr unsigned ring_bytes = D::ring_bytes, stage_bytes = D::stage_bytes;
    grid const gr = D::grid_of(m, per_segment, across);
    std::vector<unsigned char> ring_buf(ring_bytes, 0x5a), stages(Stages * stage_bytes, 0x3c);
    for (std::size_t b = 0; b < gr.blocks(); ++b) {
        job const j = gr.job_of(b);
        std::vector<typename D::lean> l(threads);
        for (unsigned tid = 0; tid < threads; ++tid) l[tid] = D::lean_of(m, j, tid);
        auto const stage = [&](std::size_t t) {
            for (unsigned tid = 0; tid < threads; ++tid) {
                unsigned char* const buf = stages.data() + (t % Stages) * stage_bytes;
                if (Lean) D::stage_lean(m, j, t, tid, buf);
                else D::stage(m, j, t, tid, buf);
            }
        };
        for (unsigned p = 0; p + 1 < Stages; ++p)
            if (j.first + p <= j.last) stage(j.first + p);
        for (std::size_t t = j.first; t <= j.last; ++t) {
            std::size_t const next = t + Stages - 1;
            if (next <= j.last) stage(next);
            unsigned char const* const buf = stages.data() + (t % Stages) * stage_bytes;
            for (unsigned tid = 0; tid < threads; ++tid)
                if (Lean) D::transpose_lean(m, j, l[tid], t, tid, buf, ring_buf.data());
                else D::transpose(m, j, t, tid, buf, ring_buf.data());
            for (unsigned tid = 0; tid < threads; ++tid)
                if (Lean) D::store_lean(m, j, l[tid], t, tid, ring_buf.data());
                else D::store(m, j, t, tid, ring_buf.data());
        }
    }
}

// Packed matrices at the emulated misalignments.
template <unsigned E>
bool check(std::size_t rows, std::size_t cols, unsigned im, unsigned om, std::size_t k, bool across) {
    emulated_matrix x(rows, cols, E, im, om, 320);
    ring::matrix const m{x.in, x.out, rows, cols, cols * E, rows * E};
    run_grid<E, 3, false>(m, k, across);
    if (!x.right()) return false;
    std::fill(x.out_buf.begin(), x.out_buf.end(), emulated_matrix::poison);
    run_grid<E, 3, true>(m, k, across);
    return x.right();
}

// Padded pitches: every element right, padding and surroundings untouched.
template <unsigned E>
bool check_padded(std::size_t rows, std::size_t cols, std::size_t pin, std::size_t pout, unsigned im, unsigned om,
                  std::size_t k) {
    // pitches in elements here
    std::vector<unsigned char> in_buf(rows * pin * E + 64), out_buf(cols * pout * E + 64, 0xa5);
    unsigned char* const in = in_buf.data() + 16 + im;
    unsigned char* const out = out_buf.data() + 16 + om;
    for (std::size_t q = 0; q < rows * pin * E; ++q) in[q] = static_cast<unsigned char>((q * 2654435761u) >> 13 | 1);
    run_grid<E, 2, true>(ring::matrix{in, out, rows, cols, pin * E, pout * E}, k, false);
    for (std::size_t p = 0; p < out_buf.size(); ++p) {
        long long const o = (long long)p - (long long)(out - out_buf.data());
        std::size_t const e = std::size_t(o) / E, b = std::size_t(o) % E;  // element, byte of it
        bool const inside = o >= 0 && e < cols * pout && e % pout < rows;
        unsigned char const want = inside ? in[((e % pout) * pin + e / pout) * E + b] : 0xa5;
        if (out_buf[p] != want) {
            std::printf("padded %zux%zu pitches %zu %zu mis %u %u k %zu: byte %lld wrong\n", rows, cols, pin, pout, im,
                        om, k, o);
            return false;
        }
    }
    return true;
}

template <unsigned E>
unsigned run_packed(unsigned& ran) {
    unsigned bad = 0;
    for (std::size_t k : {1, 2, 4, 1000})
        for (bool across : {false, true}) {
            char name[64];
            std::snprintf(name, sizeof name, "ring E=%u K=%zu %s", E, k, across ? "across" : "down");
            bad += emulate_cases(name, emulation_shapes, E,
                                 [&](std::size_t r, std::size_t c, unsigned im, unsigned om) {
                                     return check<E>(r, c, im, om, k, across);
                                 },
                                 ran);
        }
    return bad;
}

int main() {
    unsigned ran = 0, bad = run_packed<1>(ran) + run_packed<2>(ran);
    unsigned padded = 0, padded_bad = 0;
    for (auto const& s : std::vector<std::array<std::size_t, 4>>{
             {300, 263, 270, 301}, {257, 129, 136, 264}, {513, 131, 131, 520}, {129, 1001, 1003, 136}, {383, 387, 400, 392}})
        for (unsigned im : {0u, 6u, 7u})
            for (unsigned om : {0u, 10u, 9u})
                for (std::size_t k : {1, 3}) {
                    ++padded, padded_bad += !check_padded<1>(s[0], s[1], s[2], s[3], im, om, k);
                    if (im % 2 == 0 && om % 2 == 0) ++padded, padded_bad += !check_padded<2>(s[0], s[1], s[2], s[3], im, om, k);
                }
    std::printf("padded: %u of %u cases right\n", padded - padded_bad, padded);
    std::printf("%u of %u cases right\n", ran + padded - bad - padded_bad, ran + padded);
    return bad + padded_bad != 0;
}
