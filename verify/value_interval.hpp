// A range of unsigned 64-bit values, as a value type a formula evaluates on
// (swz/access/lane_expression.hpp's evaluate): the range of what the
// formula takes at every lane and start of given ranges, by the same tree
// the integers and the solver evaluate. Each operator's result holds every
// value the operator takes on its operands' ranges, exactly as uint64_t
// computes it: where that might wrap past 2^64 (a sum, a difference below
// zero, a product, a left shift), the result is every value.
//
// Comparisons with a constant answer "for every value in the range", so a
// conjunction of them (formula_cell_bounds::inside) is true only where it
// holds at every lane and start; a negation of one means nothing.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>

namespace swz::verify {

struct value_interval {
    std::uint64_t lo = 0, hi = std::numeric_limits<std::uint64_t>::max();

    static value_interval every() { return {}; }
    static value_interval of(std::uint64_t v) { return {v, v}; }

    // All bits up to x's highest: the largest value | and ^ can reach.
    static std::uint64_t ones_through(std::uint64_t x) {
        std::uint64_t m = x;
        for (unsigned s = 1; s < 64; s <<= 1) m |= m >> s;
        return m;
    }

    friend value_interval operator+(value_interval a, value_interval b) {
        if (a.hi > std::numeric_limits<std::uint64_t>::max() - b.hi) return every();
        return {a.lo + b.lo, a.hi + b.hi};
    }
    friend value_interval operator-(value_interval a, value_interval b) {
        if (a.lo < b.hi) return every();
        return {a.lo - b.hi, a.hi - b.lo};
    }
    friend value_interval operator*(value_interval a, value_interval b) {
        if (a.hi != 0 && b.hi > std::numeric_limits<std::uint64_t>::max() / a.hi) return every();
        return {a.lo * b.lo, a.hi * b.hi};
    }
    friend value_interval operator/(value_interval a, std::uint64_t c) { return {a.lo / c, a.hi / c}; }
    friend value_interval operator%(value_interval a, std::uint64_t c) {
        if (a.lo / c == a.hi / c) return {a.lo % c, a.hi % c};
        return {0, c - 1};
    }
    friend value_interval operator<<(value_interval a, std::uint64_t c) {
        if (a.hi > (std::numeric_limits<std::uint64_t>::max() >> c)) return every();
        return {a.lo << c, a.hi << c};
    }
    friend value_interval operator>>(value_interval a, std::uint64_t c) { return {a.lo >> c, a.hi >> c}; }
    friend value_interval operator&(value_interval a, value_interval b) { return {0, std::min(a.hi, b.hi)}; }
    friend value_interval operator|(value_interval a, value_interval b) {
        return {std::max(a.lo, b.lo), ones_through(std::max(a.hi, b.hi))};
    }
    friend value_interval operator^(value_interval a, value_interval b) {
        return {0, ones_through(std::max(a.hi, b.hi))};
    }

    // With a constant on the right, as the formula's tree applies them.
    friend value_interval operator+(value_interval a, std::uint64_t c) { return a + of(c); }
    friend value_interval operator-(value_interval a, std::uint64_t c) { return a - of(c); }
    friend value_interval operator*(value_interval a, std::uint64_t c) { return a * of(c); }
    friend value_interval operator&(value_interval a, std::uint64_t c) { return a & of(c); }
    friend value_interval operator|(value_interval a, std::uint64_t c) { return a | of(c); }
    friend value_interval operator^(value_interval a, std::uint64_t c) { return a ^ of(c); }

    // For every value of the range.
    friend bool operator<(value_interval a, std::uint64_t c) { return a.hi < c; }
    friend bool operator<=(value_interval a, std::uint64_t c) { return a.hi <= c; }
};

}  // namespace swz::verify
