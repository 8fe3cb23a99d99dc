// What each lane of the narrow kernel does (swz/detail/narrow_launch.cuh),
// for matrices with a narrow side (swz/kernels/narrow_transpose_config.hpp
// says which): host and device code, so the tests run these very functions
// on the CPU, warp by warp, with the shuffles done by copies.
//
// A narrow matrix has two sides. The contiguous side: lines of n elements
// one after the other (a tall matrix's input rows, a wide one's output
// rows), n the narrow dimension. The strided side: n long lines of L
// elements, `pitch` bytes apart (the tall matrix's output rows, the wide
// one's input rows). Lane g of the grid holds lines K g .. K g + K - 1 of
// the contiguous side (K = 16 / E), 16 n bytes, and so the 16 bytes at
// 16 g of each strided line: the transpose is a permutation of its own
// registers,
//
//   element k of strided vector j  =  element j of contiguous line K g + k,
//
// and no lane needs another's data, but for realignment (and the wide
// form's stores, which an exchange between lanes makes whole lines).
// Global memory moves in aligned 16-byte chunks: where a side is not
// 16-byte aligned a lane's bytes straddle chunks, and the chunk it lacks
// is its right-hand neighbour's first (a shuffle; none where the side is
// aligned, which every lane sees alike). So that no chunk is written in pieces
// by two warps, warps overlap by a lane: warp w holds lane groups 31 w ..
// 31 w + 31, and its last lane only lends its data to the lane before it
// (loading the chunk after its own where a side is unaligned) and writes
// nothing; the next warp's first lane writes that group. On an H200
// (stop 31 run 3) the pieces at every warp's ends had cost a quarter of
// the time: float 1000001 x 3 ran at 62% of copy against 88 aligned.
// Chunks that cross the ends of a line or of the contiguous span move in
// pieces (chunk_parts.hpp): nothing outside the matrix is read or written.
//
// Why registers and not the fast kernel's tile: a 16 KiB tile holding 3
// of its 64 columns does the whole tile's work (narrow_transpose_config).
#pragma once

#include <cstddef>
#include <cstdint>

#include "swz/config.hpp"
#include "swz/detail/chunk_parts.hpp"
#include "swz/detail/register_shuffles.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// A batch of narrow matrices, in bytes.
struct narrow_batch {
    unsigned char const* in;
    unsigned char* out;
    std::size_t lines;                  // L: rows of a tall matrix, columns of a wide one
    std::size_t pitch;                  // bytes between the strided side's lines
    std::size_t stride_in, stride_out;  // bytes between matrices
    std::size_t batch;
};

template <unsigned E, unsigned N>
struct narrow_body {
    static_assert(E == 1 || E == 2 || E == 4 || E == 8, "elements of 1, 2, 4 or 8 bytes");
    static_assert(N >= 1 && N <= 16, "a narrow side of 1 to 16 elements");
    static constexpr unsigned K = 16 / E;  // contiguous lines per lane: one 16-byte vector of each strided line
    static constexpr unsigned groups_per_warp = 31;  // the last lane lends its group to the one before

    // The lane group of a warp's lane, warps counted over the grid.
    SWZ_HOST_DEVICE static std::size_t group_of(std::size_t warp, unsigned lane) { return warp * groups_per_warp + lane; }
    // Warps to cover a matrix of L lines.
    SWZ_HOST_DEVICE static std::size_t warps_for(std::size_t lines) {
        std::size_t const groups = (lines + K - 1) / K;
        return (groups + groups_per_warp - 1) / groups_per_warp;
    }
    // Whether the lane writes its group (the last lane only lends it).
    SWZ_HOST_DEVICE static bool writes(unsigned lane) { return lane < groups_per_warp; }
    using word = typename word_of<E>::type;
    // Loads are touched once (evict-first); a chunk crossing an end moves
    // in pieces by a call, not inline at each of a lane's 2 N to 3 N
    // windows (chunk_parts.hpp says why).
    static constexpr bool streaming = true, part_calls = true;
    using offset = std::ptrdiff_t;

    // Bytes of the contiguous span of a matrix of L lines, and of one strided line.
    SWZ_HOST_DEVICE static std::size_t span_bytes(std::size_t lines) { return lines * N * E; }
    SWZ_HOST_DEVICE static std::size_t line_bytes(std::size_t lines) { return lines * E; }

    // Whether p is 16-byte aligned (the same for every lane): then a lane's
    // chunks are its own, with no shuffle and no shift to realign them.
    SWZ_HOST_DEVICE static bool aligned(void const* p) { return address(p) % 16 == 0; }

    // ---- the permutation, inside a lane ----

    // Strided vector j from the lane's contiguous bytes c (16 N of them):
    // element k is element j of line k.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static vec16 strided_vector(vec16 const (&c)[N], unsigned j) {
        return permuted(c, [j](unsigned k) { return k * N + j; });
    }
    // Contiguous chunk i from the lane's strided vectors v: element q is
    // element e % N of line e / N, e = K i + q, which vector e % N holds.
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static vec16 contiguous_chunk(vec16 const (&v)[N], unsigned i) {
        return permuted(v, [i](unsigned q) {
            unsigned const e = i * K + q;
            return e % N * K + e / N;
        });
    }
    // The vector whose element k is element source(k) of a (counted across
    // a, K a vector; compile-time after unrolling). Elements under 4 bytes
    // move as bytes by prmt (gather_bytes), the others as whole words.
    template <class Source>
    SWZ_HOST_DEVICE SWZ_FORCEINLINE static vec16 permuted(vec16 const (&a)[N], Source source) {
        vec16 v{{0, 0, 0, 0}};
        if constexpr (E >= 4) {
#pragma unroll
            for (unsigned k = 0; k < K; ++k) {
                unsigned const e = source(k);
                set_element<word>(v, k, get_element<word>(a[e / K], e % K));
            }
        } else {
            auto const word_of_a = [&](unsigned t) { return a[t / 4].w[t % 4]; };
#pragma unroll
            for (unsigned p = 0; p < 4; ++p) {
                unsigned src[4];
#pragma unroll
                for (unsigned b = 0; b < 4; ++b) src[b] = source((4 * p + b) / E) * E + (4 * p + b) % E;
                v.w[p] = gather_bytes(word_of_a, src);
            }
        }
        return v;
    }

    // ---- the contiguous side (p: the matrix's span, `span` bytes) ----

    // The tall kernel's loads. Loaded as each lane needs them, the warp's
    // contiguous bytes would come in load instructions whose 32 pieces lie
    // 16 n bytes apart. So load i takes the aligned chunks 32 i .. 32 i +
    // 31 of the warp's span (counted from the aligned chunk holding its
    // first byte), each is realigned by the next one, and the exchange
    // runs backward (warp_exchange.hpp): each lane then holds its group's
    // 16 n contiguous bytes.
    struct warp_raw {
        vec16 a[N];   // a[i]: aligned chunk 32 i + lane
        vec16 extra;  // the last lane's, where p is unaligned: chunk 32 n
    };
    SWZ_HOST_DEVICE static void load_warp_major(unsigned char const* p, std::size_t span, std::size_t g0, unsigned lane,
                                                warp_raw& r) {
        unsigned const m = unsigned(address(p) % 16);
        offset const first = offset(16 * N * g0) - offset(m), end = offset(span);
#pragma unroll
        for (unsigned i = 0; i < N; ++i)
            r.a[i] = load_window<streaming, part_calls>(p, first + offset(16 * (32 * i + lane)), offset(0), end);
        r.extra = lane == 31 && m != 0 ? load_window<streaming, part_calls>(p, first + offset(16 * 32 * N), offset(0), end)
                                       : vec16{{0, 0, 0, 0}};
    }
    // What the lane lends its left-hand neighbour to realign chunk i by:
    // the chunk after that lane's (lane 0 lends its next load's, to the
    // last lane).
    SWZ_HOST_DEVICE static vec16 lent_left(warp_raw const& r, unsigned lane, unsigned i) {
        return choose(lane == 0, r.a[(i + 1) % N], r.a[i]);
    }
    // Warp-major chunk i of the lane, realigned to the span's bytes;
    // next: what the right-hand lane lent.
    SWZ_HOST_DEVICE static vec16 realign_warp_major(unsigned char const* p, warp_raw const& r, vec16 const& next,
                                                    unsigned lane, unsigned i) {
        return aligned(p) ? r.a[i]
                          : funnel16<E>(r.a[i], choose(lane == 31 && i + 1 == N, r.extra, next), unsigned(address(p) % 16));
    }
    // ---- the wide kernel's stores: whole lines, after an exchange ----
    //
    // Stored as each lane holds them, the warp's contiguous bytes would
    // leave in store instructions whose 32 pieces lie 16 n bytes apart (on
    // an H200, stop 31 run 4: 3 x 1000000 at 55-72% of copy, 8-12 rows
    // 36-40). So the warp's chunks move to warp-major order first
    // (warp_exchange.hpp), and store i writes chunks 32 i .. 32 i + 31.

    // Store i of the warp whose first lane group is g0: the aligned chunk
    // that starts inside the lane's chunk (next: the chunk after it, from
    // the next lane, or for the last lane from the first one's next store).
    // Chunks of the group the last lane lends are the next warp's.
    SWZ_HOST_DEVICE static void store_exchanged(unsigned char* p, std::size_t span, std::size_t g0, unsigned i,
                                                vec16 const& chunk, vec16 const& next, unsigned lane) {
        unsigned const q = 32 * i + lane;
        if (q >= groups_per_warp * N) return;
        store_realigned(p, offset(16 * N * g0) + offset(16 * q), chunk, next, offset(span), g0 == 0 && q == 0);
    }

    // ---- the strided side (line: one line's first byte, `bytes` long) ----

    // The aligned chunk holding the start of the lane's vector of the line,
    // and (the warp's last lane) the one after it.
    struct line_raw {
        vec16 own, extra;
    };
    SWZ_HOST_DEVICE static line_raw load_line(unsigned char const* line, std::size_t bytes, std::size_t g,
                                              bool warp_last) {
        unsigned const m = unsigned(address(line) % 16);
        offset const at = offset(16 * g) - offset(m), end = offset(bytes);
        line_raw r{load_window<streaming, part_calls>(line, at, offset(0), end), vec16{{0, 0, 0, 0}}};
        if (warp_last && m != 0) r.extra = load_window<streaming, part_calls>(line, at + 16, offset(0), end);
        return r;
    }
    // The lane's vector of the line; next_own: the right-hand lane's own.
    SWZ_HOST_DEVICE static vec16 realign_line(unsigned char const* line, line_raw const& r, vec16 const& next_own,
                                              bool warp_last) {
        return aligned(line) ? r.own : funnel16<E>(r.own, choose(warp_last, r.extra, next_own), unsigned(address(line) % 16));
    }
    // The lane's vector v of the line to the aligned chunk that starts
    // inside it (next: the right-hand lane's vector); a lane that only
    // lends its group writes nothing.
    SWZ_HOST_DEVICE static void store_line(unsigned char* line, std::size_t bytes, std::size_t g, vec16 const& v,
                                           vec16 const& next, unsigned lane) {
        if (!writes(lane)) return;
        store_realigned(line, offset(16 * g), v, next, offset(bytes), g == 0);
    }

    // ---- both sides' stores ----

    // The 16 bytes `here` at offset `at` from p (a multiple of 16; next:
    // the 16 after them) to the aligned chunk that starts inside them,
    // clipped to [0, end); `first` (at is 0) also the head piece before
    // it, from p's first byte.
    SWZ_HOST_DEVICE static void store_realigned(unsigned char* p, offset at, vec16 const& here, vec16 const& next,
                                                offset end, bool first) {
        unsigned const s = (16 - unsigned(address(p) % 16)) % 16;  // from `at` to the next aligned address
        if (first && s != 0)
            store_window<false, part_calls>(p, offset(s) - 16, funnel16<E>(here, here, s), offset(0), offset(s) < end ? offset(s) : end);
        store_window<false, part_calls>(p, at + offset(s), aligned(p) ? here : funnel16<E>(here, next, s), offset(0), end);
    }
};

}  // namespace swz::detail
