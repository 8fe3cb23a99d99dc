// A divisor known before many divisions by it, on the host: a shift and a
// mask where it is a power of two, else Granlund and Montgomery's
// multiply-high by a 65-bit reciprocal (PLDI 1994, fig. 4.1), exact for
// every 64-bit dividend. A 64-bit division by a runtime value costs tens of
// cycles, and the prover's enumerations divide millions of times by the
// same few values (the article's NX, a user formula's `% 592`).
// tests/model/test_host_divisor.cpp checks it against the plain operators.
// Host only (unsigned __int128).
#pragma once

#include <cstdint>

namespace swz {

struct host_divisor {
    std::uint64_t value;
    unsigned shift;  // log2(value) where value is a power of two, else ceil(log2(value)) - 1
    bool pow2;
    std::uint64_t magic = 0;  // the low 64 bits of the reciprocal, where not a power of two

    explicit host_divisor(std::uint64_t v) : value(v), shift(0), pow2(v != 0 && (v & (v - 1)) == 0) {
        unsigned const l = v <= 1 ? 0 : 64 - unsigned(__builtin_clzll(v - 1));  // ceil(log2(v)); not std::bit_width: C++17
        if (pow2) {
            shift = l;
        } else if (v > 1) {
            // m = floor(2^64 * (2^l - v) / v) + 1, with 2^(l-1) < v < 2^l.
            unsigned __int128 const two_l = (unsigned __int128)1 << l;
            unsigned __int128 const num = (two_l - v) << 64;
            magic = std::uint64_t(num / v) + 1;
            shift = l - 1;
        }
    }
    std::uint64_t quotient(std::uint64_t a) const {
        if (pow2) return a >> shift;
        std::uint64_t const t = std::uint64_t(((unsigned __int128)a * magic) >> 64);
        return (t + ((a - t) >> 1)) >> shift;
    }
    std::uint64_t remainder(std::uint64_t a) const { return pow2 ? a & (value - 1) : a - quotient(a) * value; }
};

inline std::uint64_t operator*(std::uint64_t a, host_divisor d) { return d.pow2 ? a << d.shift : a * d.value; }
inline std::uint64_t operator*(host_divisor a, host_divisor b) { return a.value * b; }
inline std::uint64_t operator/(std::uint64_t a, host_divisor d) { return d.quotient(a); }
inline std::uint64_t operator%(std::uint64_t a, host_divisor d) { return d.remainder(a); }

}  // namespace swz
