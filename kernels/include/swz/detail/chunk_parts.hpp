// Part of a 16-byte-aligned chunk of global memory: bytes [lo, hi) of it,
// moved in the fewest naturally aligned pieces of 1, 2, 4 or 8 bytes (at
// most 7), touching no byte outside. The kernels use these where a chunk
// crosses the edge of a row they may read or write: the first and last
// rows of a matrix, and the ends of a tile's stretch of an output row.
#pragma once

#include <cstdint>
#include <cstring>

#include "swz/config.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// Word i of v, i known only at run time: selects, so v stays in registers.
SWZ_HOST_DEVICE inline std::uint32_t word_at(vec16 const& v, unsigned i) {
    std::uint32_t const lo = i & 1u ? v.w[1] : v.w[0], hi = i & 1u ? v.w[3] : v.w[2];
    return i & 2u ? hi : lo;
}

// Bytes [o, o + size) of v, o a multiple of size (size 1, 2, 4 or 8).
SWZ_HOST_DEVICE inline std::uint64_t piece_of(vec16 const& v, unsigned o, unsigned size) {
    std::uint64_t const word = word_at(v, o / 4);
    if (size == 8) return word | std::uint64_t(word_at(v, o / 4 + 1)) << 32;
    std::uint64_t const shifted = word >> (8 * (o % 4));
    return size == 4 ? shifted : shifted & ((1u << (8 * size)) - 1);
}

SWZ_HOST_DEVICE inline void put_piece(vec16& v, unsigned o, unsigned size, std::uint64_t bits) {
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) {
        unsigned const first = 4 * i;  // byte offset of word i
        if (o + size <= first || o >= first + 4) continue;
        if (size == 8) v.w[i] = std::uint32_t(bits >> (8 * (first - o)));
        else if (size == 4) v.w[i] = std::uint32_t(bits);
        else {
            std::uint32_t const shift = 8 * (o - first), mask = ((1u << (8 * size)) - 1) << shift;
            v.w[i] = (v.w[i] & ~mask) | (std::uint32_t(bits) << shift);
        }
    }
}

// Global memory, as vec16.hpp's 16-byte accesses.
SWZ_HOST_DEVICE inline std::uint64_t load_piece(unsigned char const* p, unsigned size) {
#if defined(__CUDA_ARCH__)
    switch (size) {
        case 8: return __ldg(reinterpret_cast<unsigned long long const*>(p));
        case 4: return __ldg(reinterpret_cast<unsigned int const*>(p));
        case 2: return __ldg(reinterpret_cast<unsigned short const*>(p));
        default: return __ldg(p);
    }
#else
    if (host_read_watch()) host_read_watch()(p, size);
    std::uint64_t v = 0;
    std::memcpy(&v, p, size);  // little-endian, as the GPU
    return v;
#endif
}

SWZ_HOST_DEVICE inline void store_piece(unsigned char* p, unsigned size, std::uint64_t bits) {
#if defined(__CUDA_ARCH__)
    switch (size) {
        case 8: *reinterpret_cast<std::uint64_t*>(p) = bits; break;
        case 4: *reinterpret_cast<std::uint32_t*>(p) = std::uint32_t(bits); break;
        case 2: *reinterpret_cast<std::uint16_t*>(p) = std::uint16_t(bits); break;
        default: *p = static_cast<unsigned char>(bits);
    }
#else
    if (host_write_watch()) host_write_watch()(p, size);
    std::memcpy(p, &bits, size);
#endif
}

// Calls piece(offset, size) for the aligned pieces that tile [lo, hi):
// rising sizes while lo is misaligned, then falling ones for the rest
// (8 twice, for a whole chunk).
template <class Piece>
SWZ_HOST_DEVICE inline void for_each_piece(unsigned lo, unsigned hi, Piece&& piece) {
#pragma unroll
    for (unsigned size = 1; size <= 8; size *= 2)
        if ((lo & size) && lo + size <= hi) piece(lo, size), lo += size;
    if (lo + 8 <= hi) piece(lo, 8u), lo += 8;
#pragma unroll
    for (unsigned size = 8; size >= 1; size /= 2)
        if (lo + size <= hi) piece(lo, size), lo += size;
}

// Bytes [lo, hi) of the aligned chunk at a; the others zero.
SWZ_HOST_DEVICE inline vec16 load_part(unsigned char const* a, unsigned lo, unsigned hi) {
    vec16 v{{0, 0, 0, 0}};
    for_each_piece(lo, hi, [&](unsigned o, unsigned size) { put_piece(v, o, size, load_piece(a + o, size)); });
    return v;
}

// Bytes [lo, hi) of v to the aligned chunk at a; no other byte written.
SWZ_HOST_DEVICE inline void store_part(unsigned char* a, vec16 const& v, unsigned lo, unsigned hi) {
    for_each_piece(lo, hi, [&](unsigned o, unsigned size) { store_piece(a + o, size, piece_of(v, o, size)); });
}

// The same, each a call on the device: one copy of the piecewise code for a
// kernel with many windows a lane (the narrow kernel: 2 N to 3 N), whose hot
// path would otherwise be spread across the instruction cache (on an H200,
// stop 32 run 1, its warps stalled most on fetching instructions). Inline
// only for the one-definition rule of a header; never inlined on the device.
SWZ_HOST_DEVICE inline SWZ_NOINLINE vec16 load_part_call(unsigned char const* a, unsigned lo, unsigned hi) {
    return load_part(a, lo, hi);
}
SWZ_HOST_DEVICE inline SWZ_NOINLINE void store_part_call(unsigned char* a, vec16 v, unsigned lo, unsigned hi) {
    store_part(a, v, lo, hi);
}

// The aligned chunk at offset a from base, inside the window [lo, hi) of
// offsets: whole where it lies in it, in pieces where it crosses an end,
// nothing (zeros, for a load) where it lies outside. Offsets are signed
// (a row's head chunk starts before the row) and 32- or 64-bit. Calls: the
// pieces by a call (above), not inline.
template <bool Streaming = false, bool Calls = false, class Offset>
SWZ_HOST_DEVICE inline vec16 load_window(unsigned char const* base, Offset a, Offset lo, Offset hi) {
    Offset const begin = a > lo ? a : lo, end = a + 16 < hi ? a + 16 : hi;
    if (begin >= end) return vec16{{0, 0, 0, 0}};
    if (begin == a && end == a + 16) return load_global16<Streaming>(base + a);
    unsigned const from = unsigned(begin - a), to = unsigned(end - a);
    if constexpr (Calls) return load_part_call(base + a, from, to);
    else return load_part(base + a, from, to);
}
template <bool Streaming = false, bool Calls = false, class Offset>
SWZ_HOST_DEVICE inline void store_window(unsigned char* base, Offset a, vec16 const& v, Offset lo, Offset hi) {
    Offset const begin = a > lo ? a : lo, end = a + 16 < hi ? a + 16 : hi;
    if (begin >= end) return;
    if (begin == a && end == a + 16) store_global16<Streaming>(base + a, v);
    else if constexpr (Calls) store_part_call(base + a, v, unsigned(begin - a), unsigned(end - a));
    else store_part(base + a, v, unsigned(begin - a), unsigned(end - a));
}

}  // namespace swz::detail
