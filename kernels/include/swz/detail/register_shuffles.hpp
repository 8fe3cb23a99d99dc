// Rearranging data inside a thread's registers, branch-free: undoing the
// gather's row rotation, transposing bytes and halves into vectors, and
// shifting 16 bytes out of two vectors (realigning a row to 16 bytes).
#pragma once

#include <cstdint>

#include "swz/config.hpp"
#include "swz/detail/vec16.hpp"

namespace swz::detail {

// v[m] <- v[m ^ rot] for every m: one conditional swap of pairs per bit of
// rot, as selects on compile-time register indices (no local memory).
template <class T, unsigned N>
SWZ_HOST_DEVICE inline void xor_permute(T (&v)[N], unsigned rot) {
#pragma unroll
    for (unsigned s = 1; s < N; s <<= 1) {
        bool const flip = (rot & s) != 0;
#pragma unroll
        for (unsigned i = 0; i < N; ++i) {
            if (i & s) continue;
            T const a = v[i], b = v[i | s];
            v[i] = flip ? b : a;
            v[i | s] = flip ? a : b;
        }
    }
}

// PTX prmt: byte n of the result is byte (s >> 4n) & 7 of the pair {y:x}.
SWZ_HOST_DEVICE inline std::uint32_t byte_perm(std::uint32_t x, std::uint32_t y, std::uint32_t s) {
#if defined(__CUDA_ARCH__)
    return __byte_perm(x, y, s);
#else
    std::uint64_t const both = (std::uint64_t(y) << 32) | x;
    std::uint32_t r = 0;
    for (unsigned n = 0; n < 4; ++n) r |= std::uint32_t((both >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
    return r;
#endif
}

// A word of bytes picked from an array of words: byte i of the result is
// byte src[i] % 4 of word(src[i] / 4), src known at compile time (after
// unrolling), so all but the prmt folds away: one prmt where the four
// bytes come from at most two words, two from three, three from four
// (where setting bytes one by one takes a shift, a mask and a merge each).
template <class Word>
SWZ_HOST_DEVICE SWZ_FORCEINLINE std::uint32_t gather_bytes(Word const& word, unsigned const (&src)[4]) {
    unsigned w[4] = {src[0] / 4, src[0] / 4, src[0] / 4, src[0] / 4}, n = 1;  // distinct words, first used first
#pragma unroll
    for (unsigned i = 1; i < 4; ++i) {
        bool seen = false;
#pragma unroll
        for (unsigned k = 0; k < 4; ++k) seen = seen || (k < n && w[k] == src[i] / 4);
        if (!seen) w[n++] = src[i] / 4;
    }
    // Selectors: from the pair (w0, w1); from (w2, w3); the first pair's
    // bytes kept, the others from w2 alone (n = 3) or from the second pair.
    unsigned s01 = 0, s23 = 0, with_w2 = 0, with_pair = 0;
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) {
        unsigned const from = src[i] / 4, byte = src[i] % 4;
        bool const early = from == w[0] || from == w[1];
        s01 |= (from == w[0] ? byte : 4 + byte) << (4 * i);
        s23 |= (from == w[2] ? byte : 4 + byte) << (4 * i);
        with_w2 |= (early ? i : 4 + byte) << (4 * i);
        with_pair |= (early ? i : 4 + i) << (4 * i);
    }
    std::uint32_t const first = byte_perm(word(w[0]), word(w[1]), s01);
    if (n <= 2) return first;
    if (n == 3) return byte_perm(first, word(w[2]), with_w2);
    return byte_perm(first, byte_perm(word(w[2]), word(w[3]), s23), with_pair);
}

// Four words a, b, c, d -> out[j] = byte j of each: a 4 x 4 byte transpose.
SWZ_HOST_DEVICE inline void transpose_bytes_4x4(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t d,
                                                std::uint32_t (&out)[4]) {
    std::uint32_t const lo_ab = byte_perm(a, b, 0x5140), lo_cd = byte_perm(c, d, 0x5140);  // a0 b0 a1 b1
    std::uint32_t const hi_ab = byte_perm(a, b, 0x7362), hi_cd = byte_perm(c, d, 0x7362);  // a2 b2 a3 b3
    out[0] = byte_perm(lo_ab, lo_cd, 0x5410);
    out[1] = byte_perm(lo_ab, lo_cd, 0x7632);
    out[2] = byte_perm(hi_ab, hi_cd, 0x5410);
    out[3] = byte_perm(hi_ab, hi_cd, 0x7632);
}

// Low halves of a and b, and high halves of a and b.
SWZ_HOST_DEVICE inline std::uint32_t low_halves(std::uint32_t a, std::uint32_t b) { return byte_perm(a, b, 0x5410); }
SWZ_HOST_DEVICE inline std::uint32_t high_halves(std::uint32_t a, std::uint32_t b) { return byte_perm(a, b, 0x7632); }

// (hi:lo) >> bits, the low word (bits 0..31): PTX shf.r.wrap.
SWZ_HOST_DEVICE inline std::uint32_t funnel_shift_right(std::uint32_t lo, std::uint32_t hi, unsigned bits) {
#if defined(__CUDA_ARCH__)
    return __funnelshift_r(lo, hi, bits);
#else
    return std::uint32_t(((std::uint64_t(hi) << 32) | lo) >> (bits & 31));
#endif
}

// Bytes [shift, shift + 16) of the 32 bytes lo, hi (shift in 0..15, known
// only at run time): whole words by two rounds of selects, then bytes by a
// funnel shift. Shifts are multiples of the element size (MinGranule): for
// 4 bytes the byte step is left out, for 8 the one-word round too.
template <unsigned MinGranule>
SWZ_HOST_DEVICE inline vec16 funnel16(vec16 const& lo, vec16 const& hi, unsigned shift) {
    std::uint32_t const w[8] = {lo.w[0], lo.w[1], lo.w[2], lo.w[3], hi.w[0], hi.w[1], hi.w[2], hi.w[3]};
    unsigned const words = shift / 4, bits = 8 * (shift % 4);
    std::uint32_t by2[6], by1[5];
#pragma unroll
    for (unsigned j = 0; j < 6; ++j) by2[j] = words & 2u ? w[j + 2] : w[j];
#pragma unroll
    for (unsigned j = 0; j < 5; ++j) by1[j] = MinGranule < 8 && (words & 1u) ? by2[j + 1] : by2[j];
    vec16 out;
#pragma unroll
    for (unsigned i = 0; i < 4; ++i) out.w[i] = MinGranule >= 4 ? by1[i] : funnel_shift_right(by1[i], by1[i + 1], bits);
    return out;
}

}  // namespace swz::detail
