// Rearranging data inside a thread's registers, branch-free: undoing the
// gather's row rotation, and transposing bytes and halves into vectors.
#pragma once

#include <cstdint>

#include "swz/config.hpp"

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

}  // namespace swz::detail
