// One entry of the catalogue: the tile it certifies (a layout spec on a
// shape, or two specs whose equivalence it proves), what is required of it,
// why it is there, and the outcome it must have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../certify.hpp"
#include "../layout_spec.hpp"
#include "../layout_subject.hpp"

namespace swz::verify::catalogue {

struct tile_spec {
    std::string layout;        // the layout, as --layout writes it (canonical)
    tile_shape shape;
    std::uint32_t chunk = 0;   // --chunk-bytes, 0: the layout's own
    std::string other;         // an equivalence: the second layout (else empty)

    friend bool operator==(tile_spec const& a, tile_spec const& b) {
        return a.layout == b.layout && a.shape == b.shape && a.chunk == b.chunk && a.other == b.other;
    }
};

// Why an entry is in the catalogue: the swept grid, a layout kernel authors
// use (common), a kernel's tile, a known-bad layout, an equivalence (fact).
enum class entry_role { grid, common, kernel, known_bad, fact };

struct catalogue_entry {
    std::string name;  // its folder under proofs/
    tile_spec tile;
    requirements required;
    entry_role role = entry_role::grid;
    std::vector<std::string> kernels;  // the kernels whose tile this is
    // The outcome it must have: exit 0 (every property that counts holds),
    // or, for a known-bad layout or a refuted equivalence, exit 10 with
    // these properties REFUTED.
    int expected_exit = 0;
    std::vector<std::string> expected_refuted;
    std::string why;  // known-bad and facts: what it demonstrates
};

std::string_view role_name(entry_role r);  // "grid", "common", "kernel", "known-bad", "fact"
std::optional<entry_role> role_from_name(std::string_view s);

// A folder name that says what the tile is: nx64-e4-tc16 for the article's
// formula (every 32-bit row), cute-3-4-3-e2-rb128, tma-128B-e1-rb128-r8,
// pad-4-e4-rb128-r32, equiv-..., with -r<rows>, -chunk<C> and
// -require-column... for requirements.
std::string entry_name(tile_spec const& t, requirements const& r);

// What the prover checks for this tile (the spec must parse: read_certificate checks).
std::variant<layout_subject, layout_error> subject_of(tile_spec const& t);
std::variant<layout_subject, layout_error> other_subject_of(tile_spec const& t);

// Certifies the entry: its layout's properties, or its equivalence.
certificate certify_entry(catalogue_entry const& e, certify_options const& options);

// Describes the tile in words, for messages.
std::string describe_tile(tile_spec const& t);

}  // namespace swz::verify::catalogue
