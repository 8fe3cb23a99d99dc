// One layout of the catalogue: the tile it certifies, what is required of
// it, why it is there, and the outcome it must have.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "../certify.hpp"
#include "../tile_subject.hpp"
#include "swz/kernel_layouts.hpp"

namespace swz::verify::catalogue {

// A tile as the catalogue names it: the article's swizzled tile, the plain
// row-major tile or the padded one, with its row count (and pad).
struct tile_spec {
    tile_kind kind = tile_kind::xor_swizzle;
    layout_params params;
    std::uint64_t rows = all_32bit_rows;
    std::uint32_t pad = 0;  // padded tiles only

    friend bool operator==(tile_spec const&, tile_spec const&) = default;
};

// Why a layout is in the catalogue.
enum class entry_role { grid, kernel, known_bad };

struct catalogue_entry {
    std::string name;  // its folder under proofs/
    tile_spec tile;
    requirements required;
    entry_role role = entry_role::grid;
    std::vector<std::string> kernels;  // the kernels whose tile this is
    // The outcome it must have: exit 0 (every property that counts holds),
    // or, for a known-bad layout, exit 10 with these properties REFUTED.
    int expected_exit = 0;
    std::vector<std::string> expected_refuted;
    std::string why;  // known-bad: what it demonstrates
};

std::string_view kind_name(tile_kind k);            // "xor-swizzle", "plain", "padded"
std::optional<tile_kind> kind_from_name(std::string_view s);
std::string_view role_name(entry_role r);           // "grid", "kernel", "known-bad"
std::optional<entry_role> role_from_name(std::string_view s);

// A folder name that says what the tile is: nx64-e4-tc16 (every 32-bit row),
// nx64-e4-tc16-r64, plain-nx32-e4-r32, padded-nx32-e4-pad1-r32, with
// -require-column, -require-article... for requirements.
std::string entry_name(tile_spec const& t, requirements const& r);

// What the prover checks for this tile.
tile_subject subject_of(tile_spec const& t);

// Describes the tile in words, for messages.
std::string describe_tile(tile_spec const& t);

}  // namespace swz::verify::catalogue
