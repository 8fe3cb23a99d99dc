// Stop 55: the int8 (and half) transpose that realigns both sides, written
// as whole 128-byte output lines from a ring in shared memory (a prototype
// outside the library, to time the idea before anything is proved or
// shipped; halves: tiles of 64 rows x 64 columns, words of 2 rows).
//
// Why: stop 38 put the shipped kernel's gap to the copy in its output
// stores (each 128 bytes of an unaligned output row span two lines, each
// shared with the next tile down the column); stops 38-40 and 48 bought
// whole lines with twice the work (tiles of 256 rows), serial strips
// (loads not in flight while storing) or clusters (30% more instructions).
// Here a block walks a segment of K + 1 tiles down one column of tiles
// (int8; design<E> below has the sizes):
//   - each tile's raw input (the 16-byte-aligned chunks covering 128
//     columns of 132 rows: the tile's 128 and the 4 before) is staged by
//     cp.async two tiles ahead, so loads are in flight while it works, and
//     no register holds them;
//   - each lane reads 4 columns of 4 staged rows (2 words a row, a funnel
//     shift by the row's misalignment), transposes the 4x4 bytes, and
//     shifts each column's word by its output row's misalignment mod 4
//     (the previous group's word is its own), writing one aligned word of
//     each of 4 output rows into a ring of 256 bytes an output row, indexed
//     by the output address mod 256 (rotated per row: no bank conflicts
//     for odd pitches);
//   - each tile then completes exactly one 128-byte line of each output
//     row, which 8 lanes store as 16-byte stores: one L2 request a line.
// A segment owns the lines whose first byte's input row lies in its K
// tiles (the first segment also those before row 0); the tile after them
// only completes the last lines (a K-th more work). The lean steps (after
// the plain ones) work each thread's addresses out once a block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__CUDACC__)
#define RING_HD __host__ __device__ __forceinline__
#else
#define RING_HD inline
#endif

namespace ring {

struct matrix {
    unsigned char const* in;
    unsigned char* out;
    std::size_t rows, cols, pitch_in, pitch_out;  // bytes
};

inline constexpr unsigned staged_pitch = 144;  // 9 chunks of 16 bytes a row
inline constexpr unsigned staged_chunks = 9;
inline constexpr unsigned ring_pitch = 256;
inline constexpr unsigned threads = 256;

RING_HD std::uintptr_t address(void const* p) { return reinterpret_cast<std::uintptr_t>(p); }

RING_HD unsigned funnel_r(unsigned lo, unsigned hi, unsigned shift) {  // shift < 32
#if defined(__CUDA_ARCH__)
    return __funnelshift_r(lo, hi, shift);
#else
    return unsigned(((std::uint64_t(hi) << 32) | lo) >> (shift & 31));
#endif
}
RING_HD unsigned funnel_rc(unsigned lo, unsigned hi, unsigned shift) {  // shift <= 32
#if defined(__CUDA_ARCH__)
    return __funnelshift_rc(lo, hi, shift);
#else
    return unsigned(((std::uint64_t(hi) << 32) | lo) >> (shift > 32 ? 32 : shift));
#endif
}
RING_HD unsigned byte_perm(unsigned x, unsigned y, unsigned s) {
#if defined(__CUDA_ARCH__)
    return __byte_perm(x, y, s);
#else
    std::uint64_t const v = (std::uint64_t(y) << 32) | x;
    unsigned r = 0;
    for (unsigned b = 0; b < 4; ++b) r |= unsigned((v >> (8 * ((s >> (4 * b)) & 7))) & 0xff) << (8 * b);
    return r;
#endif
}

// A block's job: one column of tiles (a strip of tile columns) and a
// segment of it.
struct job {
    std::size_t c0;            // first column
    std::size_t first, last;   // tiles walked (last included)
    long long own_lo, own_hi;  // input rows a line's first element must lie in to be stored here
};

struct grid {
    std::size_t strips, tiles, segments, per_segment, tile;
    bool across;  // blocks running together: the same segment of neighbouring strips
    RING_HD std::size_t blocks() const { return strips * segments; }
    RING_HD job job_of(std::size_t b) const {
        std::size_t const strip = across ? b % strips : b / segments;
        std::size_t const seg = across ? b / strips : b % segments;
        job j;
        j.c0 = strip * tile;
        j.first = seg * per_segment;
        bool const bottom = seg + 1 == segments;
        j.last = bottom ? tiles : j.first + per_segment;
        j.own_lo = seg == 0 ? -(1ll << 62) : (long long)(j.first * tile);
        j.own_hi = bottom ? (1ll << 62) : (long long)((j.first + per_segment) * tile);
        return j;
    }
};

// Copies 16 bytes global -> shared, asynchronously on the GPU.
RING_HD void copy16_async(unsigned char* dst, unsigned char const* src) {
#if defined(__CUDA_ARCH__)
    unsigned const d = unsigned(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(src));
#else
    std::memcpy(dst, src, 16);
#endif
}

struct chunk16 {
    unsigned x, y, z, w;
};

// E-byte elements (1 or 2): tiles of 128 / E rows and columns, so that a
// tile reads 128 bytes of each input row and completes one 128-byte line
// of each output row; a word holds W = 4 / E rows of one column.
template <unsigned E>
struct design {
    static_assert(E == 1 || E == 2);
    static constexpr unsigned tile = 128 / E, W = 4 / E;
    static constexpr unsigned staged_rows = tile + W;  // the tile's rows and the W before
    static constexpr unsigned stage_bytes = staged_rows * staged_pitch;
    static constexpr unsigned ring_bytes = tile * ring_pitch;

    static grid grid_of(matrix const& m, std::size_t per_segment, bool across) {
        std::size_t const tiles = (m.rows + tile - 1) / tile;
        std::size_t const k = per_segment < tiles ? per_segment : tiles;
        return {(m.cols + tile - 1) / tile, tiles, (tiles + k - 1) / k, k, tile, across};
    }

    // Thread tid's share of staging tile t: the aligned chunks of rows
    // t tile - W ... t tile + tile - 1 covering the strip's columns;
    // chunks partly outside a row copied byte by byte, those wholly
    // outside skipped (their bytes reach no stored line).
    static RING_HD void stage(matrix const& m, job const& j, std::size_t t, unsigned tid, unsigned char* stage_buf) {
        for (unsigned q = tid; q < staged_rows * staged_chunks; q += threads) {
            unsigned const row = q / staged_chunks, k = q % staged_chunks;
            stage_chunk(m, j, (long long)(t * tile) - W + row, row, k, stage_buf);
        }
    }

    // Staged row `row` (input row r)'s chunk k: by cp.async where it lies
    // inside the row, byte by byte where it lies partly outside, not at all
    // where wholly outside or r is not a row.
    static RING_HD void stage_chunk(matrix const& m, job const& j, long long r, unsigned row, unsigned k,
                                    unsigned char* stage_buf) {
        if (r < 0 || r >= (long long)m.rows) return;
        unsigned char const* const row_begin = m.in + std::size_t(r) * m.pitch_in;
        unsigned char const* const row_end = row_begin + m.cols * E;
        unsigned char const* const want = row_begin + j.c0 * E;
        unsigned char const* const chunk = want - (address(want) & 15) + 16 * k;
        unsigned char* const dst = stage_buf + row * staged_pitch + 16 * k;
        if (chunk >= row_begin && chunk + 16 <= row_end) {
            copy16_async(dst, chunk);
        } else {
            for (unsigned b = 0; b < 16; ++b)
                if (chunk + b >= row_begin && chunk + b < row_end) dst[b] = chunk[b];
        }
    }

    // The ring slot of output address a (mod 256) for ring row rho (the
    // strip's column rho): rows rotated by 16-byte steps, by the lane that
    // writes them, so that a word store's 32 lanes (their rows an odd
    // number of words apart for odd pitches) meet 32 banks.
    static RING_HD unsigned ring_offset(unsigned rho, std::uintptr_t a, std::size_t pitch_out) {
        return rho * ring_pitch + unsigned((a + ring_rotation(rho, pitch_out)) & 255);
    }
    // Ring row rho's rotation in bytes: 16 times (its writer lane / 4) x
    // (1 - the output pitch in elements), mod 256.
    static RING_HD unsigned ring_rotation(unsigned rho, std::size_t pitch_out) {
        unsigned const lane = rho / W;
        return 16u * unsigned(((lane >> 2) * (1 - pitch_out / E)) & 15);
    }

    // The W x W transpose of a lane's words: row words in, column words out.
    static RING_HD void transpose_words(unsigned const (&row)[W], unsigned (&col)[W]) {
        if constexpr (E == 1) {
            unsigned const t0 = byte_perm(row[0], row[1], 0x5140), t1 = byte_perm(row[0], row[1], 0x7362);
            unsigned const t2 = byte_perm(row[2], row[3], 0x5140), t3 = byte_perm(row[2], row[3], 0x7362);
            col[0] = byte_perm(t0, t2, 0x5410), col[1] = byte_perm(t0, t2, 0x7632);
            col[2] = byte_perm(t1, t3, 0x5410), col[3] = byte_perm(t1, t3, 0x7632);
        } else {
            col[0] = byte_perm(row[0], row[1], 0x5410), col[1] = byte_perm(row[0], row[1], 0x7632);
        }
    }

    // Thread tid's transpose of staged tile t into the ring: warp w takes
    // the aligned word groups 4w ... 4w + 3 of each of its lane's W
    // columns (the group before them read for its last rows).
    static RING_HD void transpose(matrix const& m, job const& j, std::size_t t, unsigned tid,
                                  unsigned char const* stage_buf, unsigned char* ring_buf) {
        unsigned const lane = tid % 32, warp = tid / 32;
        unsigned prev[W] = {};
        std::uintptr_t base[W];
        unsigned g[W];  // the output row's misalignment mod 4, in bytes
        for (unsigned i = 0; i < W; ++i) {
            base[i] = address(m.out) + (j.c0 + W * lane + i) * m.pitch_out;
            g[i] = unsigned(base[i] & 3);
        }
        unsigned const* const words = reinterpret_cast<unsigned const*>(stage_buf);
        for (unsigned G = 4 * warp; G <= 4 * warp + 4; ++G) {
            unsigned row_word[W], col[W];
            for (unsigned i = 0; i < W; ++i) {
                unsigned const row = W * G + i;
                long long const r = (long long)(t * tile) - W + row;
                unsigned const s = unsigned((address(m.in) + std::size_t(r < 0 ? 0 : r) * m.pitch_in + j.c0 * E) & 15);
                unsigned const q = row * (staged_pitch / 4) + (s >> 2) + lane;
                row_word[i] = funnel_r(words[q], words[q + 1], 8 * (s & 3));
            }
            transpose_words(row_word, col);
            if (G > 4 * warp) {
                unsigned const k = G - 1;  // aligned group k: the word at byte t tile E - g + 4k of the tile's rows
                for (unsigned i = 0; i < W; ++i) {
                    unsigned const w = funnel_rc(prev[i], col[i], 8 * (4 - g[i]));
                    std::uintptr_t const a = base[i] + t * tile * E - g[i] + 4 * k;
                    *reinterpret_cast<unsigned*>(ring_buf + ring_offset(W * lane + i, a, m.pitch_out)) = w;
                }
            }
            for (unsigned i = 0; i < W; ++i) prev[i] = col[i];
        }
    }

    // Thread tid's stores after tile t: of each output row rho of the
    // strip, the line tile t completed, if this segment owns it; 8 lanes a
    // line.
    static RING_HD void store(matrix const& m, job const& j, std::size_t t, unsigned tid, unsigned char const* ring_buf) {
        unsigned const lane = tid % 32, warp = tid / 32, part = lane % 8;
        constexpr unsigned per_warp = tile / 8;  // output rows a warp stores
        for (unsigned s = 0; s < per_warp / 4; ++s) {
            unsigned const rho = per_warp * warp + 4 * s + lane / 8;
            std::size_t const c = j.c0 + rho;
            if (c >= m.cols) continue;
            std::uintptr_t const base = address(m.out) + c * m.pitch_out;
            std::uintptr_t const line = (base + t * tile * E - (base & 3)) & ~std::uintptr_t(127);
            long long const first = ((long long)line - (long long)base) / E;  // input row of the line's first element
            if (first < j.own_lo || first >= j.own_hi) continue;
            std::uintptr_t const a = line + 16 * part;
            chunk16 const v = *reinterpret_cast<chunk16 const*>(ring_buf + ring_offset(rho, a, m.pitch_out));
            store_chunk(m, first + 16 * part / E, m.out + (a - address(m.out)), v);
        }
    }

    // A 16-byte chunk of an output row, its first element input row r:
    // whole where every element is one of the row's, else those that are.
    static RING_HD void store_chunk(matrix const& m, long long r, unsigned char* dst, chunk16 const& v) {
        if (r >= 0 && r + 16 / E <= (long long)m.rows) {
            *reinterpret_cast<chunk16*>(dst) = v;
        } else {
            unsigned char bytes[16];
            std::memcpy(bytes, &v, 16);
            for (unsigned b = 0; b < 16; b += E)
                if (r + b / E >= 0 && r + (long long)(b / E) < (long long)m.rows) std::memcpy(dst + b, bytes + b, E);
        }
    }

    // The same steps with their addresses worked out once a block
    // (lean): what a thread's columns, rows and chunks need that does not
    // change from tile to tile, advanced by the tile's 128 bytes.
    struct lean {
        unsigned pin16;                  // the input pitch mod 16
        unsigned ring_row[W], ring_at[W], shift[W];  // ring row, its slot of tile 0's group 0 (rotated), funnel shift
        std::uintptr_t store_line[tile / 32];  // the line tile 0 completes, of each output row a thread stores
        long long store_first[tile / 32];       // its first element's input row
        unsigned store_ring[tile / 32], store_rot[tile / 32];  // its ring row, and the row's rotation
    };

    static RING_HD lean lean_of(matrix const& m, job const& j, unsigned tid) {
        unsigned const lane = tid % 32, warp = tid / 32, part = lane % 8;
        lean l;
        l.pin16 = unsigned(m.pitch_in & 15);
        for (unsigned i = 0; i < W; ++i) {
            unsigned const rho = W * lane + i;
            std::uintptr_t const base = address(m.out) + (j.c0 + rho) * m.pitch_out;
            unsigned const g = unsigned(base & 3);
            unsigned const rot = ring_rotation(rho, m.pitch_out);
            l.ring_row[i] = rho * ring_pitch;
            l.ring_at[i] = unsigned((base - g + 16 * warp + rot) & 255);  // tile 0, aligned group 4 warp
            l.shift[i] = 8 * (4 - g);
        }
        constexpr unsigned per_warp = tile / 8;
        for (unsigned s = 0; s < per_warp / 4; ++s) {
            unsigned const rho = per_warp * warp + 4 * s + lane / 8;
            std::uintptr_t const base = address(m.out) + (j.c0 + rho) * m.pitch_out;
            std::uintptr_t const line = (base - (base & 3)) & ~std::uintptr_t(127);
            unsigned const rot = ring_rotation(rho, m.pitch_out);
            l.store_line[s] = line + 16 * part;
            l.store_first[s] = ((long long)line - (long long)base) / E + 16 * part / E;
            l.store_ring[s] = rho * ring_pitch;
            l.store_rot[s] = rot;
        }
        return l;
    }

    static RING_HD void stage_lean(matrix const& m, job const& j, std::size_t t, unsigned tid, unsigned char* stage_buf) {
        long long const r_tile = (long long)(t * tile) - W;
#pragma unroll
        for (unsigned n = 0; n < (staged_rows * staged_chunks + threads - 1) / threads; ++n) {
            unsigned const q = tid + n * threads;
            if (q >= staged_rows * staged_chunks) break;
            unsigned const row = q / staged_chunks, k = q % staged_chunks;
            stage_chunk(m, j, r_tile + row, row, k, stage_buf);
        }
    }

    static RING_HD void transpose_lean(matrix const& m, job const& j, lean const& l, std::size_t t, unsigned tid,
                                       unsigned char const* stage_buf, unsigned char* ring_buf) {
        unsigned const lane = tid % 32, warp = tid / 32;
        std::uintptr_t const r0 = std::uintptr_t(t * tile) - W + 4 * W * warp;  // the warp's first staged row (mod 2^64)
        unsigned s = unsigned((address(m.in) + r0 * m.pitch_in + j.c0 * E) & 15);
        unsigned const* wp = reinterpret_cast<unsigned const*>(stage_buf) + 4 * W * warp * (staged_pitch / 4) + lane;
        unsigned const tile_at = unsigned(t * tile * E);  // mod 256 below
        unsigned prev[W] = {};
#pragma unroll
        for (unsigned gi = 0; gi < 5; ++gi) {
            unsigned row_word[W], col[W];
#pragma unroll
            for (unsigned i = 0; i < W; ++i) {
                row_word[i] = funnel_r(wp[s >> 2], wp[(s >> 2) + 1], 8 * (s & 3));
                wp += staged_pitch / 4;
                s = (s + l.pin16) & 15;
            }
            transpose_words(row_word, col);
            if (gi > 0) {
#pragma unroll
                for (unsigned i = 0; i < W; ++i) {
                    unsigned const w = funnel_rc(prev[i], col[i], l.shift[i]);
                    unsigned const at = (l.ring_at[i] + tile_at + 4 * (gi - 1)) & 255;
                    *reinterpret_cast<unsigned*>(ring_buf + l.ring_row[i] + at) = w;
                }
            }
#pragma unroll
            for (unsigned i = 0; i < W; ++i) prev[i] = col[i];
        }
    }

    static RING_HD void store_lean(matrix const& m, job const& j, lean const& l, std::size_t t, unsigned tid,
                                   unsigned char const* ring_buf) {
        unsigned const lane = tid % 32, warp = tid / 32;
        constexpr unsigned per_warp = tile / 8;
#pragma unroll
        for (unsigned s = 0; s < per_warp / 4; ++s) {
            unsigned const rho = per_warp * warp + 4 * s + lane / 8;
            if (j.c0 + rho >= m.cols) continue;
            long long const first = l.store_first[s] + (long long)(t * tile);  // of this thread's chunk
            long long const line_first = first - 16 * (lane % 8) / E;
            if (line_first < j.own_lo || line_first >= j.own_hi) continue;
            std::uintptr_t const a = l.store_line[s] + t * tile * E;
            chunk16 const v =
                *reinterpret_cast<chunk16 const*>(ring_buf + l.store_ring[s] + ((unsigned(a) + l.store_rot[s]) & 255));
            store_chunk(m, first, m.out + (a - address(m.out)), v);
        }
    }
};

}  // namespace ring
