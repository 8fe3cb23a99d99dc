// One warp-wide shared-memory access as the prover sees it: the instruction
// (its width and the lanes that supply addresses), the start variables, and
// the byte address of each lane as a function of the starts, instantiated on
// integers and on bit-vectors. The built-in patterns, the user's formulas,
// the C++ API's functions and every access of swz's own kernels are all
// this one type.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "swz/access/access_geometry.hpp"
#include "swz/access/instruction.hpp"
#include "sweep_pieces.hpp"
#include "symbolic_uint.hpp"

namespace swz::verify {

using lane_address_fn = std::function<std::uint64_t(unsigned lane, std::vector<std::uint64_t> const& start)>;
using symbolic_lane_address_fn = std::function<symbolic_uint(unsigned lane, std::vector<symbolic_uint> const& start)>;

// What every lane does at one start, all lanes from one evaluation: what
// access_subject's functions below say lane by lane.
struct lane_facts {
    std::array<std::uint64_t, warp_lanes> address;  // `address` of each lane (the active ones)
    std::uint32_t outside = 0;              // bit l: `inside` is false for lane l
    // Bit l: an element of lane l's run is not where `element_address`
    // says it must be; computed only where no lane is outside.
    std::uint32_t split = 0;
};
using lane_facts_fn = std::function<void(std::vector<std::uint64_t> const& start, lane_facts& out)>;

struct access_subject {
    std::string id;         // "conflict.row", "conflict.ldmatrix.x4", "kernel.gather.ld_shared"
    std::string spec;       // the access, as --access writes it
    // Equal for two accesses whose lanes touch the same bytes with the same
    // instruction at every start ("row-chunk" of one-element chunks is "row"),
    // so a certificate decides them once.
    std::string identity;
    // Lane l at start (y0, c) touches what lane 0 touches at (y0 + l, c): a
    // column access, whose figure a sliding window decides (column_sweep.hpp).
    bool lanes_walk_rows = false;
    // Lane l at start s touches unit 32 s + l of the tile, its units taken
    // row by row: a row access, whose figure an enumeration of whole rows
    // decides (row_sweep.hpp).
    bool lanes_walk_units = false;
    // Lane l at start (y0, c) touches unit c + dc of row y0 + dy, (dy, dc)
    // the same at every start, and each phase's lanes are one unit column
    // of consecutive rows: a fragment access (ldmatrix, stmatrix), whose
    // figure fragment_sweep.hpp decides. Empty elsewhere.
    std::vector<std::array<std::uint64_t, 2>> lane_grid;
    // The solver decides this access's figure sooner than its sweep (a row
    // access on a layout of power-of-two sizes: shifts and masks only); the
    // sweep then decides only where the solver gives up.
    bool solver_first = false;
    // One block of starts from each class of starts of equal cost, where the
    // layout has such classes (article_classes.hpp), and the tile's last rows
    // to sweep directly; empty elsewhere.
    std::function<std::optional<class_blocks>()> start_classes;
    // Where start_classes costs little next to a sweep of a few thousand
    // starts (swizzle_classes.hpp), it is asked for fewer starts too.
    bool classes_cheap = false;
    // For the built-in accesses, where set: the first byte of the
    // `instr.width`-byte units first .. first + n - 1 of logical row y (unit c
    // is what lane 0 of the column access at (y, c) touches), written to
    // out[0 .. n - 1]; false when one of them is no legal lane (its elements
    // not contiguous, or the address not a multiple of the width).
    std::uint64_t units_per_row = 0;
    std::function<bool(std::uint64_t y, std::uint64_t first, std::uint64_t n, std::uint64_t* out)> row_units;
    std::string statement;
    instruction instr;
    std::vector<start_variable> vars;  // each ranges over 0 .. count-1
    bool single_start = false;         // the user named no start: vars holds the prover's one "once"
    std::string not_applicable;        // non-empty when the access has no start
    std::string domain_note;           // how the starts were cut to one period, if they were
    std::uint64_t start_period = 0;    // else: a period to split the first start variable by
    // The layout's period in rows where its family knows one (a candidate,
    // layout_subject::period_rows): its multiples are start period
    // candidates of a cell formula (start_period.hpp).
    std::uint64_t layout_period_rows = 0;
    // A user's formula's wrapping constants per start variable
    // (formula_wraps.hpp): start period candidates divide their product
    // with the layout's period and the bank line. Empty elsewhere.
    std::vector<std::vector<std::uint64_t>> formula_wraps;
    // Per start variable, the period its formula wraps it at
    // (formula_wrap_periods): the solver's queries write the variable by
    // it (wrap_split). Empty elsewhere.
    std::vector<std::uint64_t> wrap_periods;
    // Per start variable, d where the access is the same at v and at v
    // rounded down to a multiple of d (a formula reading v only as v / d;
    // formula_wraps.hpp): enumerations visit those only. Empty: 1 for all.
    std::vector<std::uint64_t> start_steps;
    lane_address_fn address;           // the first byte lane `lane` touches
    symbolic_lane_address_fn symbolic_address;
    // Where the lane reads through a layout and moves more than one element:
    // element k of its run (k < run_elements) must sit at address + k*elem,
    // else the bytes are not one vector access.
    unsigned run_elements = 1;
    unsigned elem = 1;
    std::function<std::uint64_t(unsigned lane, std::vector<std::uint64_t> const&, unsigned k)> element_address;
    std::function<symbolic_uint(unsigned lane, std::vector<symbolic_uint> const&, unsigned k)> symbolic_element_address;
    // Whether the lane's bytes lie in the tile, where the access itself does
    // not make sure (a user's formula); empty: always.
    std::function<bool(unsigned lane, std::vector<std::uint64_t> const&)> inside;
    std::function<z3::expr(unsigned lane, std::vector<symbolic_uint> const&)> symbolic_inside;
    // Whether every lane is inside at every start, by the ranges of the
    // formula's values alone (value_interval.hpp): no solver, and false
    // where the ranges do not tell. Empty where `inside` is.
    std::function<bool()> inside_everywhere;
    // The three above at every lane at once, where the access computes them
    // faster so (a user's formula, on lane vectors); empty elsewhere, and
    // the enumerations ask them lane by lane.
    lane_facts_fn lanes_at;
    // What lane `lane` touches, in the access's own terms ("[y][x]"); empty
    // where the access names bytes itself (its address says it all).
    std::function<std::string(unsigned lane, std::vector<std::uint64_t> const& start)> describe_lane;
    // Each lane touches a cell (or bytes of one) through the layout: a
    // built-in or a cell(...) formula, not a byte(...) one.
    bool through_cells = false;
    // The same access on the strided layout beneath a bank-blind swizzle
    // (bank_blind.hpp): it costs what this one costs at every start, and
    // its figure is decided there; null elsewhere.
    std::shared_ptr<access_subject const> bank_twin;

    bool lane_active(unsigned lane) const { return lane < instr.address_lanes; }
};

// The solver's name for start variable i: "v<i>." and its name. A start's
// name is the user's (a formula's, or any string through the C++ API), and
// must meet neither another start's (two C++ variables may share a name)
// nor a name the encoding makes for itself ("crowded_bank", a split
// variable's "_period", a product's "_times_"), which hold no '.' after
// such a prefix.
inline std::string solver_symbol(access_subject const& w, std::size_t i) {
    std::string symbol = "v";  // appended, not "v" + ...: GCC 12 warns falsely (-Wrestrict) on that
    symbol += std::to_string(i);
    symbol += '.';
    symbol += w.vars[i].name;
    return symbol;
}

}  // namespace swz::verify
