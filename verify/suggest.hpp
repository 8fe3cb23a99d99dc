// swz-verify --suggest: the layout of the searched families with the fewest
// total wavefronts over the given accesses, with proofs that it has them
// and that no searched layout has fewer.
//
// The families, on the tile (rows, row bytes, element size): plain rows;
// pad:P for every P = E, 2E, ... up to 16 bytes; every CuTe Swizzle<B,M,S>
// on element offsets (B >= 1, |S| >= B, both signs of S, so each permutes
// its blocks) whose bits lie inside the tile's element offsets, and which
// keeps every cell inside the tile (where rows x columns is not a power of
// two, some do not: those are excluded, as illegal); the TMA
// modes 32B, 64B, 128B where the row allows them. Every candidate's figure
// for every access is decided exactly (by enumeration of every start where
// there are at most 2^16 of them after a proved period, else by the
// solver), so "no candidate does better" is a proof by cases over the
// whole family. A candidate on which an access is illegal (misaligned, not
// one vector, outside the tile) is not a choice. Order: fewest total
// wavefronts, then no padding, then the smallest footprint, then the fewest
// swizzle bits, then the order above.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "certify.hpp"
#include "layout_spec.hpp"

namespace swz::verify {

struct suggest_candidate {
    std::string spec;                 // "cute:3,3,3", "pad:16", "tma:128B", "plain"
    std::vector<unsigned> wavefronts;  // per access, when decided
    unsigned total = 0;
    std::uint32_t pad = 0;
    std::uint64_t footprint = 0;
    unsigned swizzle_bits = 0;
    verdict outcome = verdict::proved;  // refuted: an access is illegal; unknown: undecided
    std::string why;                    // for refuted and unknown
};

struct suggestion {
    std::vector<std::string> accesses;        // canonical specs
    std::vector<unsigned> ideals;             // per access
    std::vector<suggest_candidate> ranked;    // decided choices, best first
    std::vector<suggest_candidate> excluded;  // illegal or undecided
    std::optional<certificate> chosen;        // the best one's full certificate
    std::vector<std::string> tma_matches;     // TMA modes proved equal to the chosen layout
    std::string cute_code;                    // the chosen layout in CuTe's C++
    double seconds = 0;
};

// Throws nothing; an access spec that does not parse on the plain tile is
// reported by the caller before this is called.
suggestion suggest_layout(tile_request const& tile, std::vector<std::string> const& accesses, certify_options const& options);

// The exit code: 0 a choice proved optimal, 5 some candidate undecided or
// the chosen certificate not all proved, 10 no legal candidate.
int suggestion_exit_code(suggestion const& s);

void print_suggestion(std::ostream& os, suggestion const& s);
nlohmann::json suggestion_json(suggestion const& s);

}  // namespace swz::verify
