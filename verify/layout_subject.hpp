// A tile layout as the prover sees it: its byte-offset map instantiated
// twice from the same model template (swz/layout/), once on plain integers
// (to replay models) and once on bit-vectors (for the queries), with what
// the properties need to know of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "swz/layout/bit_swizzle.hpp"
#include "swz/layout/strided.hpp"
#include "swz/layout/tile_shape.hpp"
#include "swz/layout/tma_swizzle.hpp"
#include "swz/layout_params.hpp"
#include "swz/pow2.hpp"
#include "symbolic_uint.hpp"

namespace swz::verify {

using concrete_cell_fn = std::function<std::uint64_t(std::uint64_t y, std::uint64_t x)>;
// The offsets of cells (y, x0) .. (y, x0 + n - 1), written to out[0 .. n-1].
using concrete_row_fn = std::function<void(std::uint64_t y, std::uint64_t x0, std::uint64_t n, std::uint64_t* out)>;
// The offsets of cells (y[i], x[i]), i < n, written to out[0 .. n-1].
using concrete_cells_fn =
    std::function<void(std::uint64_t const* y, std::uint64_t const* x, std::size_t n, std::uint64_t* out)>;
using symbolic_cell_fn = std::function<symbolic_uint(symbolic_uint const& y, symbolic_uint const& x)>;
using concrete_unit_fn = std::function<std::uint64_t(std::uint64_t)>;
using symbolic_unit_fn = std::function<symbolic_uint(symbolic_uint const&)>;

// The layout's swizzle as a map of offsets (in its own unit) onto offsets,
// after a strided layout: what involution checks where cells leave their
// rows.
struct swizzle_view {
    std::uint32_t unit_bytes = 1;  // 1 (bytes) or the element size
    concrete_cell_fn base;         // the strided offset, in bytes
    symbolic_cell_fn symbolic_base;
    concrete_unit_fn apply;        // F(u), u in units
    symbolic_unit_fn symbolic_apply;
    // F keeps each offset in its aligned block of this many bytes (a power
    // of two; 0: it may move one anywhere, as a GF(2) map can).
    std::uint64_t span_bytes = 0;
    // F leaves each aligned block of this many bytes whole and in place and
    // reads nothing in it (a power of two), and is one-to-one; 0 where it
    // may not be (a GF(2) map may be singular).
    std::uint64_t granule_bytes = 0;
    // F changes only bits of an offset at or above this many bytes (a
    // power of two; 0 where it may change any): CuTe's ZZZ field.
    std::uint64_t writes_from_bytes = 0;
    // F is its own inverse (CuTe's |S| >= B: it reads bits it never
    // writes) and reads and writes only bits from this many bytes up (a
    // power of two), so it permutes every aligned block and keeps runs of
    // that many bytes whole; 0 where not known.
    std::uint64_t involution_from_bytes = 0;
    // F is XOR by one value in each aligned block of this many bytes (a
    // power of two; 0 where not known): F(o) = o ^ c(o / xor_block_bytes),
    // c below xor_below_bytes <= xor_block_bytes, a function of the
    // block's number mod span_bytes / xor_block_bytes alone, and 0 in the
    // first block (CuTe's S >= B: the YYY field lies above the block, ZZZ
    // inside). xor_block_classes.hpp and first_block_scan.hpp use it;
    // tests/verify/test_xor_block_classes.cpp checks it on the map.
    std::uint64_t xor_block_bytes = 0;
    std::uint64_t xor_below_bytes = 0;
    // The strided layout F is applied after.
    strided_layout strided;
};

// A TMA layout: the hardware swizzles absolute addresses, so where a box
// lands depends on the tile's shared-memory address.
struct tma_view {
    tma_swizzle mode;
    concrete_cell_fn base;  // the row-major box offset, in bytes
    symbolic_cell_fn symbolic_base;
};

// A layout of pipeline stages (CuTe's third mode): the subject's tile is
// stage 0; stage s holds the same cells moved by offsets[s] bytes before the
// swizzle. A move by a multiple of repeat_bytes (the swizzle's repeat and
// the 128-byte bank line) keeps stage 0's map and banks.
struct stage_view {
    std::vector<std::uint64_t> offsets;  // bytes, by stage index
    std::uint64_t repeat_bytes = 128;
};

struct layout_subject {
    std::string spec;    // canonical, as --layout writes it
    std::string family;  // "article", "plain", "pad", "cute", "tma", "linear", "triton"
    tile_shape shape;
    std::uint64_t pitch = 0;      // bytes between the starts of two rows
    std::uint64_t footprint = 0;  // bytes the tile may occupy: 0 .. footprint-1
    std::uint32_t chunk_bytes = 0;  // the chunk of chunk_integrity and the chunk-wide patterns
    bool swizzles = false;        // a permutation to invert: involution applies
    bool involution_counts = true;  // meant to be its own inverse (else reported only)
    // Why involution does not apply although the layout swizzles, where it
    // does not (column blocks reorder the row before any swizzle).
    std::string involution_not_applicable;
    std::optional<layout_params> article;   // the article's formula: its derivation applies
    std::optional<bit_swizzle> bit_form;    // the article's formula as a CuTe swizzle, where it is one
    std::optional<swizzle_view> swizzle;    // a swizzle after a strided layout
    std::optional<tma_view> tma;
    std::optional<stage_view> stages;  // the tile is stage 0 of these (the stages property)
    // A row count P for which the layout should repeat: offset(y + P, x) =
    // offset(y, x) + P * pitch, with P * pitch a multiple of 128 bytes (so
    // banks repeat too); 0 when the family knows none. A candidate only:
    // the periodicity property proves it before any figure relies on it.
    std::uint64_t period_rows = 0;

    concrete_cell_fn offset;          // byte offset of logical cell (y, x)
    // The same map, a run of one row's cells a call: the enumerations walk
    // whole rows, and one call through std::function a row costs what one a
    // cell did. Set with `offset` from the same template (set_offsets);
    // empty where a subject was built by hand, and then row_offsets_of()
    // asks `offset` cell by cell.
    concrete_row_fn row_offsets;
    // The same map, a warp's cells a call (what a user's formula reaches at
    // one start), likewise; cell_offsets_of() asks `offset` where empty.
    concrete_cells_fn cell_offsets;
    symbolic_cell_fn symbolic_offset;
    // The stored column, where the family computes it directly (the
    // article's x_swz keeps its bound, which narrow division needs).
    symbolic_cell_fn symbolic_column_direct;

    std::uint32_t cols() const { return shape.cols(); }
    void row_offsets_of(std::uint64_t y, std::uint64_t x0, std::uint64_t n, std::uint64_t* out) const {
        if (row_offsets) return row_offsets(y, x0, n, out);
        for (std::uint64_t i = 0; i < n; ++i) out[i] = offset(y, x0 + i);
    }
    void cell_offsets_of(std::uint64_t const* y, std::uint64_t const* x, std::size_t n, std::uint64_t* out) const {
        if (cell_offsets) return cell_offsets(y, x, n, out);
        for (std::size_t i = 0; i < n; ++i) out[i] = offset(y[i], x[i]);
    }
    // The period to write a row index by (y = P * q + r) in queries: where
    // the row meets XORs and dividers. A strided layout has none, and its
    // plain multiply-adds are easier for the solver unsplit.
    std::uint64_t row_split() const { return swizzles || article ? period_rows : 0; }
    std::uint64_t rows() const { return shape.rows; }
    // Columns, pitch and element all powers of two: queries meet shifts and
    // masks only, and proofs are the rule (elsewhere the article's formula
    // leaves its rows and most queries end in a counterexample).
    bool powers_of_two() const { return is_pow2(cols()) && is_pow2(pitch) && is_pow2(shape.elem); }
    // The column where (y, x) is stored, for layouts that keep their rows.
    std::uint64_t column(std::uint64_t y, std::uint64_t x) const { return column_at(y, offset(y, x)); }
    // The column a cell of row y stored at byte `offset` is in; `elem` the
    // element size as any divisor type (host_params.hpp's divides faster).
    template <class E = std::uint32_t>
    std::uint64_t column_at(std::uint64_t y, std::uint64_t offset, E elem) const { return (offset - y * pitch) / elem; }
    std::uint64_t column_at(std::uint64_t y, std::uint64_t offset) const { return column_at(y, offset, shape.elem); }
    symbolic_uint symbolic_column(symbolic_uint const& y, symbolic_uint const& x) const {
        if (symbolic_column_direct) return symbolic_column_direct(y, x);
        return (symbolic_offset(y, x) - y * pitch) / shape.elem;
    }
};

}  // namespace swz::verify
