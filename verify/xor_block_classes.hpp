// Classes of row- and column-access starts of equal cost for a swizzle that
// is XOR by one value in each aligned block of X bytes (CuTe's
// Swizzle<B,M,S> with S >= B: X = 2^(M+S) units), where the swizzle's span
// R X is too wide for swizzle_classes.hpp: CuTe's large shifts on rows that
// are no power of two repeat only after millions of rows, and a sweep of
// every start of a figure ran into the time limit.
//
// Why. Write a lane's strided byte offset o = beta X + r (r < X). The
// layout puts it at o ^ c(beta) = beta X + (r ^ c(beta)), c below 2^K'
// (K' >= 7, 2^K' <= X, 2^K' a multiple of the unit) and a function of
// beta mod R (swizzle_view::xor_block_bytes). A window (a start's 32 lanes)
// has lanes at o_0 + d_l, the d_l fixed by its shape (a column access: l
// rows; a row access: where its units cross a row's end), rising with l,
// and spanning less than X: the first lambda lanes lie in block beta_0 =
// o_0 / X, the rest in the next. Two windows of equal shape, lambda,
// beta_0 mod R and o_0 mod 2^K' have r_l' = r_l + t 2^K' lane by lane (in
// each block), so their addresses differ by one shift of every lane by
// (beta_0' - beta_0) X + t 2^K', a multiple of 128 bytes and of the unit:
// the same cost under the bank rule and cp.async.16's transfer rule,
// legality included. That tuple is a start's key.
//
// Where a block holds L + 35 rows (L: the rows after which o mod 2^K' and
// the row's window positions repeat), every window that crosses a block's
// end (lambda < 32) is keyed: one a block end for a row access, about 31
// rows of columns for a column access. A window inside a block has the key
// of the window L rows before it if that window is inside the block too;
// so the first L + 2 rows of block beta < R hold the first window of every
// key of block beta's class, and every later block of that class holds the
// same keys, later. On wider rows (a row access only): rows L' apart (o_0
// moves by a multiple of R X, the windows' places repeat) hold windows of
// the same keys, so the first L' rows hold every key's first window; in a
// row, the windows inside one block repeat their residue every 2^K' /
// gcd(2^K', 32 w) windows, so only the first of each block's run are keyed;
// a row whose windows all lie in block beta has the keys of any such row
// with the same beta mod R and y mod L, so only the first is keyed, and once
// every y mod L of a beta mod R has been, the rows up to those that reach
// the block's end are skipped. The first start of each key is its class's
// block.
//
// tests/verify/test_xor_block_classes.cpp checks the swizzle's XOR blocks
// on the map itself, that every start of many tiles costs what its key's
// first start costs, and the figures against sweeps of every start.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "article_classes.hpp"
#include "layout_subject.hpp"
#include "sweep_pieces.hpp"

namespace swz::verify {

// The starts of a row access (s < starts, lane l at unit 32 s + l, rows of
// units_per_row units) or of a column access (y0 < starts, c < columns).
struct xor_block_walk {
    class_walk walk = class_walk::column;
    std::uint32_t width = 4;  // bytes of a unit
    std::uint64_t units_per_row = 0;
    std::uint64_t starts = 0;
    std::uint64_t columns = 0;
};

// A start's key, as above: starts of one key cost the same.
struct xor_block_keys {
    xor_block_walk access;
    std::uint64_t pitch = 0;
    std::uint64_t block = 0;         // X
    std::uint64_t repeat = 1;        // R: c(beta) repeats every R blocks
    std::uint64_t residue_mod = 0;   // 2^K'
    std::uint64_t grain = 1;         // every o_0 mod 2^K' is a multiple of it
    std::uint64_t cycle_rows = 0;    // L
    unsigned shapes = 1;             // a row access: in-row, or 1-32 lanes in the first row

    // Nothing where the reduction does not apply: no such swizzle, a pitch
    // that is not whole units, a block smaller than 128 bytes or than a
    // window's span.
    static std::optional<xor_block_keys> of(layout_subject const& t, xor_block_walk const& a);

    std::uint64_t count() const { return repeat * shapes * 33 * (residue_mod / grain); }
    // start: {s} (row access) or {y0, c} (column access).
    std::uint64_t key(std::uint64_t const* start) const;
    // The strided byte offset of lane l's unit.
    std::uint64_t lane_offset(std::uint64_t const* start, unsigned l) const;
    // The key of a window whose lane 0 is at o0, of `shape`, with
    // `lanes_before` lanes before the end of lane 0's block.
    std::uint64_t key_of(std::uint64_t o0, unsigned shape, unsigned lanes_before) const {
        return key_from(o0 / block % repeat, shape, lanes_before, o0 % residue_mod);
    }
    // The same from lane 0's block number mod R and o0 mod 2^K'.
    std::uint64_t key_from(std::uint64_t rho, unsigned shape, std::uint64_t lanes_before, std::uint64_t residue) const {
        return ((rho * shapes + shape) * 33 + lanes_before) * (residue_mod / grain) + residue / grain;
    }
};

// The first start of each key, in start order (a column access's (y0, c)
// as y0 * columns + c); nothing where xor_block_keys does not apply, a
// column access's blocks hold fewer than L + 35 rows, or the search would
// take more than about 2^28 steps.
std::optional<std::vector<std::uint64_t>> xor_block_first_starts(layout_subject const& t, xor_block_walk const& a);

// One block (one start) per class of the access's starts, in start order;
// nothing where xor_block_keys does not apply, the search would take more
// than about 2^28 steps, or the classes would not be far fewer than the
// starts.
std::optional<class_blocks> xor_block_classes(layout_subject const& t, xor_block_walk const& a);

}  // namespace swz::verify
