// Classes of equal cost for windows of one fixed shape (a column access's
// 32 rows, a fragment's rows and 16-byte blocks) on a swizzle that is XOR by
// one value in each aligned block of X bytes (CuTe's Swizzle<B,M,S> with
// S >= B), where a block holds too few rows for xor_block_classes.hpp: on
// wide rows each lane may lie in a block of its own.
//
// Why. A window's lanes lie at strided offsets o_0 + d_l, the d_l fixed by
// its shape, o_0 = y0 * pitch + c * w (w: the unit). The layout puts o at o ^ c(beta),
// beta = o / X, c below 2^K' (K' >= 7, 2^K' a multiple of the unit) and a
// function of beta mod R. Let Q = R X and u = o_0 mod Q. Lane l enters a new
// block where u + d_l is a multiple of X: at most n R such places in
// [0, Q) (n lanes), the window's breaks. Two windows whose u lie between
// the same two breaks (one segment) and agree mod 2^K' have each lane in a
// block of the same number mod R, at the same offset mod 2^K' inside it,
// so every lane moves by one shift, a multiple of 2^K': 128 bytes and the
// unit, and the cost (bank rule or a fragment's phases) and legality are
// the same. (segment, u mod 2^K') is a start's key.
//
// The search walks the starts in order, a row y0 at a time: in a row, u
// rises with c, and of each run of starts in one segment only the first
// 2^K' / w are keyed (the residues then repeat). Rows whose windows all lie
// in one segment repeat their residues every 2^K' / gcd(2^K', pitch) rows;
// after that many, the walk skips to the first row that reaches the
// segment's end. Rows Q / gcd(Q, pitch) apart repeat the keys at the same
// columns; the walk stops there, or earlier once every key that some u can
// have has been met.
//
// tests/verify/test_xor_segment_classes.cpp checks every start's cost
// against its key's first start and the search against enumeration.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "article_classes.hpp"
#include "layout_subject.hpp"

namespace swz::verify {

// A window of fixed shape: lane l at row y0 + lanes[l][0] and unit column
// c + lanes[l][1] (units of `width` bytes), for y0 < starts and c < columns;
// its strided byte offset o_0 + lanes[l][0] * pitch + lanes[l][1] * width,
// o_0 = y0 * pitch + c * width.
struct fixed_window_walk {
    std::vector<std::array<std::uint64_t, 2>> lanes;
    std::uint32_t width = 4;
    std::uint64_t starts = 0;
    std::uint64_t columns = 0;

    // A column access: lane l at row y0 + l, unit column c.
    static fixed_window_walk column(std::uint32_t width, std::uint64_t starts, std::uint64_t columns);
};

struct xor_segment_keys {
    fixed_window_walk access;
    std::uint64_t pitch = 0;
    std::uint64_t block = 0;        // X
    std::uint64_t period = 0;       // Q = R X
    std::uint64_t residue_mod = 0;  // 2^K'
    std::uint64_t grain = 1;        // every o_0 is a multiple of it
    std::vector<std::uint64_t> breaks;  // sorted, from 0: where a segment of u begins

    // Nothing where the reduction does not apply: no such swizzle, a pitch
    // that is not whole units, or more than about 2^22 keys.
    static std::optional<xor_segment_keys> of(layout_subject const& t, fixed_window_walk const& a);

    std::uint64_t count() const { return breaks.size() * (residue_mod / grain); }
    std::uint64_t key(std::uint64_t y0, std::uint64_t c) const;
    // The key of a window whose lane 0 lies at u (mod Q) in segment `segment`.
    std::uint64_t key_in(std::uint64_t segment, std::uint64_t u) const {
        return segment * (residue_mod / grain) + u % residue_mod / grain;
    }
    // The segment holding u < Q.
    std::uint64_t segment_of(std::uint64_t u) const;
};

// The first start (y0 * columns + c) of each key, in start order; nothing
// where xor_segment_keys does not apply or the search would take more than
// about 2^28 steps.
std::optional<std::vector<std::uint64_t>> xor_segment_first_starts(layout_subject const& t, fixed_window_walk const& a);

// One block (one start) per class of the access's starts, in start order;
// nothing where the search declines or the classes would not be far fewer
// than the starts.
std::optional<class_blocks> xor_segment_classes(layout_subject const& t, fixed_window_walk const& a);

}  // namespace swz::verify
