// DIR/manifest.json: the grid a catalogue claims to hold, and its family proofs. --write-catalogue
// writes it with the sweep's ranges and the names of the grid layouts they
// give, sealed by a digest like a certificate; --check recomputes the grid
// from the ranges and requires a certificate for each of its layouts, and
// none for a grid layout outside it. Without it, a missing grid certificate
// would go unnoticed: only the kernel and known-bad layouts are compiled in.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "../family/certify_family.hpp"
#include "sweep_grid.hpp"

namespace swz::verify::catalogue {

inline constexpr char const* manifest_name = "manifest.json";

struct manifest {
    sweep_ranges ranges;
    std::string command;             // the ranges as given: "--nx 2..1024 --elem 1..16 ..."
    std::vector<std::string> grid;   // as recorded, sorted
    std::vector<family_kind> families;  // the family proofs it holds
    nlohmann::json json;
};

// The sealed manifest of a sweep over `ranges` whose grid is `grid`.
nlohmann::json manifest_json(sweep_ranges const& ranges, std::string const& command, std::vector<std::string> grid,
                             std::vector<family_kind> const& families);

// DIR/manifest.json read back (duplicate keys refused), or why it cannot be.
std::variant<manifest, std::string> read_manifest(std::filesystem::path const& dir);

}  // namespace swz::verify::catalogue
