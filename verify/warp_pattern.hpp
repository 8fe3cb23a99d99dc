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
#include "tile_subject.hpp"

namespace swz::verify {

struct warp_pattern {
    std::string id;
    std::string statement;
    unsigned width = 4;                 // bytes per lane
    std::vector<start_variable> vars;   // each ranges over 0 .. count-1
    std::string not_applicable;         // non-empty when the pattern has no start
    std::function<std::uint64_t(unsigned lane, std::vector<std::uint64_t> const& start)> address;
    std::function<symbolic_uint(unsigned lane, std::vector<symbolic_uint> const& start)> symbolic_address;
    // What lane `lane` touches, in the pattern's own terms ("[y][x]").
    std::function<std::string(unsigned lane, std::vector<std::uint64_t> const& start)> describe_lane;
};

// One of the four tile patterns of swz/tile_patterns.hpp on a subject tile.
warp_pattern make_tile_pattern(tile_subject const& t, tile_pattern p);

}  // namespace swz::verify
