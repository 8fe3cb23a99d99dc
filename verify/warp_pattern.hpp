// One warp-wide shared-memory instruction as the prover sees it: the byte
// address of each of the 32 lanes as a function of the pattern's start
// variables (a tile pattern's start row and column, or a kernel's warp and
// iteration), instantiated on integers and on bit-vectors.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "swz/tile_patterns.hpp"
#include "symbolic_uint.hpp"
#include "layout_subject.hpp"

namespace swz::verify {

struct warp_pattern {
    std::string id;
    std::string statement;
    unsigned width = 4;                 // bytes per lane
    std::vector<start_variable> vars;   // each ranges over 0 .. count-1
    std::string not_applicable;         // non-empty when the pattern has no start
    std::string domain_note;            // how the starts were cut to one period, if they were
    std::uint64_t start_period = 0;     // else: a period to split the first start variable by (make_split_variables)
    std::function<std::uint64_t(unsigned lane, std::vector<std::uint64_t> const& start)> address;
    std::function<symbolic_uint(unsigned lane, std::vector<symbolic_uint> const& start)> symbolic_address;
    // What lane `lane` touches, in the pattern's own terms ("[y][x]").
    std::function<std::string(unsigned lane, std::vector<std::uint64_t> const& start)> describe_lane;
};

// The geometry the patterns see of a subject: its columns, element and chunk.
pattern_geometry geometry_of(layout_subject const& t);

// One of the four tile patterns of swz/tile_patterns.hpp on a subject tile.
// With `period` (a proved periodicity lemma, in rows), the starts are those
// of the first period: every later start costs what its first-period twin
// does, since its addresses differ by a multiple of the 128-byte bank line.
warp_pattern make_tile_pattern(layout_subject const& t, tile_pattern p, std::uint64_t period = 0);

}  // namespace swz::verify
