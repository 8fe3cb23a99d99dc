// The article's formula where a row's chunk count C is not a power of two
// has a period of 2^b * C / gcd(2^b, C) rows (2^b >= C the smallest), up to
// millions of rows of thousands of columns: enumerating every start of a
// figure costs seconds, or more than the time limit. Its starts fall into a
// few classes of equal cost, and one block of starts from each class
// decides the figure.
//
// Why. Write y = 2^b h + 32 L + yl (yl < 32) and a chunk index
// xc = 32 X + xl (xl < 32; xc < C <= 2^b). Then
//
//   y ^ xc       = 2^b h + 32 (L ^ X) + (yl ^ xl)
//   stored chunk = (s + (yl ^ xl)) mod C,   s = (2^b h + 32 (L ^ X)) mod C
//
// so the cells of one 32 x 32 block (L, X) of (row, chunk) are those of any
// other block with the same s, moved as a whole (by a multiple of 32 rows,
// which keeps every byte's place in its 16-byte group). A start's lanes
// reach at most four such blocks (a column access: (L, X) and the next 32
// rows; a row access: (L, X), the next chunks, the next row's first ones;
// an ldmatrix/stmatrix fragment: (L, X), the next 32 rows, the next 32
// chunks, and both);
// their s differ by constants d_k mod C fixed by (L, X). Its cost is then a
// function of where it lies in its block, the d_k, and the first block's s
// alone. In s it is constant except where some block's s + d_k mod C lies
// in C - 32 .. C - 1 (its chunks wrap past C there), or, inside a run
// without such an s, up to shifting every byte by TC bytes a step (equal
// cost once the shift is a multiple of the bank unit). Each h gives one s,
// every s of its residue mod gcd(2^b, C) exactly once in a period.
//
// So a class is (the block's d_k and s mod gcd, its position among the
// row's blocks) and a value of s in a zone, or a residue in a run. The
// cost depends on the d_k only through what each reached block's first
// stored chunk u_k = (s + d_k) mod C does to the banks and to shared units
// (its bytes relative to the first block's mod 128, its wrap, how near
// another u is): classes of equal such signature, of any d_k, are one
// class (article_classes.cpp's cost_signature says why), which on rows of
// thousands of chunks leaves a few thousand classes of tens of thousands.
// A class's block is, of every (h, L, X) in one period that falls in it,
// the one whose first start comes first. The figure over every start is the
// most (or fewest) over the classes' blocks, swept by the ordinary sweeps'
// code (class_sweep.hpp), and the first start with it among them is the
// first of all. tests/verify/test_class_sweep.cpp compares both with the
// whole period's on many layouts, and every bank load of every start of
// the period with those of the blocks.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "sweep_pieces.hpp"
#include "swz/layout_params.hpp"

namespace swz::verify {

enum class class_walk {
    column,    // lane l at (y0, c): unit c of row y0 + l
    row,       // lane l of start s: unit 32 s + l of the tile, row by row
    fragment,  // an ldmatrix/stmatrix fragment at (y0, c): units c, c + 1 of rows y0 .. y0 + 15
};

struct class_options {
    class_walk walk = class_walk::column;
    unsigned unit_width = 4;   // bytes of one unit (the access's width; the element for column_spread)
    unsigned shift_unit = 4;   // a shift of every byte by a multiple of this keeps the cost (1: any shift)
    bool banks = true;         // the cost is a bank load (an access); false: distinct stored columns (column_spread)
    // The cost counts 128-byte lines too (cp.async.16's transfers; with a
    // shift unit of 128): lanes of two blocks share a line only at an exact
    // distance, so the signature keeps how near their chunks are exactly,
    // not only modulo C.
    bool lines = false;
    std::uint64_t most_blocks = 200000;
};

// The options of an access's classes: its walk, its width, and whether it
// counts transfers (cp.async.16): those classes are one shift of whole
// 128-byte lines apart (a shift unit of 128) and keep near chunks' exact
// distance (`lines`); a bank load keeps its cost under a shift of whole units.
class_options access_class_options(class_walk walk, unsigned width, bool transfers);

// A finite tile of fewer than one period and 64 rows is a window of the
// rows of the periodic layout: a block of it whose lanes stay in the tile
// (its 32 rows and the next 32 inside) is a block of its class as above, and
// each class that occurs keeps its first block in the tile; the starts of
// the tile's last rows (from `direct_from` on) are swept directly, unless
// each block there is of a class that occurs before them (below).
//
// The classes; nothing where the reduction does not apply: C a
// power of two or below 17, a unit that is not a whole part of a chunk, a
// row access on rows of fewer than 32 units, a tile of fewer than 96 rows,
// rows of more than about 2^20 chunks (fragments: 2^15; article_classes.cpp's
// representative_tiles), more classes than `most_blocks` (16 times as
// many before merging), or a first-block search of more than 2e9 steps.
struct start_classes {
    std::vector<start_block> blocks;  // one a class: its block whose first start comes first in the period (tile)
    std::uint64_t direct_from = ~std::uint64_t(0);  // the first row of the starts in no class (class_blocks)
    // The class of start (y, c) of the period (a row access: the row and
    // column of the window's first unit), y below direct_from, for tests.
    std::function<std::size_t(std::uint64_t y, std::uint64_t c)> class_of;
    std::size_t before_merge = 0;  // the classes of the period before those of one cost signature were merged
    // Whether the tile's last rows' starts are in classes too: every block
    // there (as if the tile went on) is of a class with a block before
    // them. A start there, its lanes in the tile, costs what its place in
    // its class's block costs, and that block comes first: the blocks
    // decide the figure and its first start over every start. (class_of
    // then answers for those rows too.)
    bool last_rows_in_classes = false;
    // The first row of the starts to sweep directly: none where the last
    // rows' are in classes.
    std::uint64_t sweep_directly_from() const { return last_rows_in_classes ? ~std::uint64_t(0) : direct_from; }
    // The blocks as the class sweep takes them (class_sweep.hpp); they hold
    // under cp.async.16's transfers too where the classes were made for
    // them (class_options::lines).
    class_blocks for_sweep(bool transfers_too = false) && {
        return {std::move(blocks), sweep_directly_from(), {}, transfers_too};
    }
};
std::optional<start_classes> article_classes(layout_params const& p, std::uint64_t tile_rows, class_options const& o);

// For tests: the keys whose classes took their merged classes from an
// earlier key of equal shape (article_classes.cpp's shape_of), and how many
// of their classes have a cost signature other than the class they took it
// from; nothing where article_classes merges no shapes (C of 32 or fewer)
// or has no classes for other reasons of the geometry.
struct shape_check {
    std::size_t shared_keys = 0, differing = 0;
};
std::optional<shape_check> check_equal_shapes(layout_params const& p, std::uint64_t tile_rows, class_options const& o);

}  // namespace swz::verify
