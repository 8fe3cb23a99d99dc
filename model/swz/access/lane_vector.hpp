// A value at every lane of a warp at once: what the prover's enumerations
// evaluate a user's formula on (lane_program.hpp, node by node through
// lane_expression.hpp's evaluate_binary, the step evaluate<V> takes for the
// solver's bit-vectors and single integers), one node of the formula for
// 32 lanes in a loop instead of the whole formula for one lane at a time.
//
// Each operator is std::uint64_t's, lane by lane: evaluate<lane_vector> at
// lane l is evaluate<std::uint64_t> at l (tests/model/test_lane_formula.cpp
// checks every operator and random formulas). Host only.
#pragma once

#include <array>
#include <cstdint>

#include "swz/host_divisor.hpp"

namespace swz {

struct lane_vector {
    static constexpr unsigned size = 32;  // a warp's lanes
    std::array<std::uint64_t, size> lane;

    static lane_vector all(std::uint64_t v) {
        lane_vector r;
        r.lane.fill(v);
        return r;
    }
    // Lane l holds l: the formula's `lane`.
    static lane_vector indices() {
        lane_vector r;
        for (unsigned l = 0; l < size; ++l) r.lane[l] = l;
        return r;
    }
    std::uint64_t operator[](unsigned l) const { return lane[l]; }
};

namespace detail {

template <class Op>
lane_vector lane_map(lane_vector const& a, Op op) {
    lane_vector r;
    for (unsigned l = 0; l < lane_vector::size; ++l) r.lane[l] = op(a.lane[l]);
    return r;
}

template <class Op>
lane_vector lane_zip(lane_vector const& a, lane_vector const& b, Op op) {
    lane_vector r;
    for (unsigned l = 0; l < lane_vector::size; ++l) r.lane[l] = op(a.lane[l], b.lane[l]);
    return r;
}

}  // namespace detail

#define SWZ_LANE_VECTOR_OPERATOR(OP)                                                                  \
    inline lane_vector operator OP(lane_vector const& a, lane_vector const& b) {                      \
        return detail::lane_zip(a, b, [](std::uint64_t x, std::uint64_t y) { return x OP y; });       \
    }                                                                                                 \
    inline lane_vector operator OP(lane_vector const& a, std::uint64_t c) {                           \
        return detail::lane_map(a, [c](std::uint64_t x) { return x OP c; });                          \
    }
SWZ_LANE_VECTOR_OPERATOR(|)
SWZ_LANE_VECTOR_OPERATOR(^)
SWZ_LANE_VECTOR_OPERATOR(&)
SWZ_LANE_VECTOR_OPERATOR(+)
SWZ_LANE_VECTOR_OPERATOR(-)
SWZ_LANE_VECTOR_OPERATOR(*)
#undef SWZ_LANE_VECTOR_OPERATOR

// The right side of << >> / % is a constant (lane_expression.hpp): below 64
// for the shifts, non-zero for / and %.
inline lane_vector operator<<(lane_vector const& a, std::uint64_t c) {
    return detail::lane_map(a, [c](std::uint64_t x) { return x << c; });
}
inline lane_vector operator>>(lane_vector const& a, std::uint64_t c) {
    return detail::lane_map(a, [c](std::uint64_t x) { return x >> c; });
}
// A divisor is prepared once for the 32 lanes (host_divisor.hpp): a
// division a lane costs tens of cycles, a multiply-high a few.
inline lane_vector operator/(lane_vector const& a, std::uint64_t c) {
    host_divisor const d(c);
    return detail::lane_map(a, [d](std::uint64_t x) { return d.quotient(x); });
}
inline lane_vector operator%(lane_vector const& a, std::uint64_t c) {
    host_divisor const d(c);
    return detail::lane_map(a, [d](std::uint64_t x) { return d.remainder(x); });
}

}  // namespace swz
