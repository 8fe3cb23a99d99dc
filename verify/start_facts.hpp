// What an access does at one start, as the concrete model sees it: each
// lane's first byte, and whether the warp's access is a legal instruction
// there. Every enumeration of starts and every replay of a witness reads
// these, so a figure and its replay agree by construction.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "access_subject.hpp"
#include "swz/bank_model.hpp"

namespace swz::verify {

// Every lane at start s: from the access's lanes_at where it has one (a
// user's formula, all lanes at once), else lane by lane.
lane_facts facts_at(access_subject const& w, std::vector<std::uint64_t> const& s);

// The warp's access those facts describe: each active lane's first byte.
warp_access access_of(access_subject const& w, lane_facts const& f);

// The warp's access at start s.
warp_access concrete_access(access_subject const& w, std::vector<std::uint64_t> const& s);

// The first thing that makes the access no legal instruction at a start:
// the lowest lane outside the tile, else the lowest whose elements are not
// contiguous, else the lowest misaligned one; nothing where it is legal.
struct illegal_lane {
    std::string kind;  // "outside", "split", "misaligned"
    unsigned lane;
};
std::optional<illegal_lane> first_illegal(access_subject const& w, lane_facts const& f);
std::optional<illegal_lane> illegal_at(access_subject const& w, std::vector<std::uint64_t> const& s);

}  // namespace swz::verify
