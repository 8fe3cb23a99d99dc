// The command line of swz-verify's catalogue mode:
//
//   swz-verify --check DIR [--cvc5 PATH | --no-second-solver] [--solver-timeout S]
//              [--jobs N] [--obligations-dir DIR] [--timings FILE]
//              [--format text|json|markdown|sarif|junit] [--out FILE] [--json FILE|-] [--quiet]
//   swz-verify --sweep --nx RANGE [--elem RANGE] [--tc RANGE] [--row-bytes RANGE]
//              [--rows R] [--timeout-ms T] [--format markdown|json] [--out FILE]
//              [--jobs N] [--write-catalogue DIR]
#pragma once

#include "../family/certify_family.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../cli/options.hpp"
#include "../format/output_format.hpp"
#include "sweep_grid.hpp"

namespace swz::verify::catalogue {

struct check_command {
    std::filesystem::path dir;
    std::string cvc5 = "cvc5";  // a path, or a name looked up on $PATH
    bool second_solver = true;
    unsigned solver_timeout_s = 60;  // CPU seconds per obligation
    unsigned jobs = 0;               // 0: one per core
    std::optional<std::filesystem::path> obligations_dir;
    std::optional<std::filesystem::path> timings_path;
    output_format format = output_format::text;  // what standard output (or --out) carries
    std::optional<std::filesystem::path> out;
    std::optional<std::string> json;  // a path, or "-": standard output
    bool quiet = false;
};

enum class summary_format { markdown, json };

struct sweep_command {
    sweep_ranges ranges;
    unsigned timeout_ms = 10000;
    summary_format format = summary_format::markdown;
    std::optional<std::filesystem::path> out;
    std::optional<std::string> json;  // the JSON summary too: a path, or "-" for standard output
    unsigned jobs = 0;
    std::optional<std::filesystem::path> write_catalogue;
    // The families whose proofs --write-catalogue writes (--families; all by default).
    std::vector<family_kind> families;
    std::string description;  // the ranges as given, "--nx 2..1024 --elem 1..16 ..."
};

using parsed = std::variant<check_command, sweep_command, cli::info_text, cli::usage_error>;

parsed parse(int argc, char const* const* argv);

}  // namespace swz::verify::catalogue
