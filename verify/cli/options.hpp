// swz-verify's command line, parsed and validated apart from main() so the
// tests can feed it bad input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "../certify.hpp"
#include "../format/output_format.hpp"
#include "../layout_spec.hpp"
#include "../layout_subject.hpp"
#include "arguments.hpp"

namespace swz::verify::cli {

// Certify one layout (--layout or --nx), or prove two equal (--equiv).
struct layout_command {
    layout_subject subject;
    std::optional<layout_subject> other;  // --equiv: the second layout
    unsigned timeout_ms = 10000;
    requirements required;
    std::vector<std::string> accesses;     // --access: canonical specs
    std::optional<std::string> json_path;  // "-": standard output
    bool log_queries = false;
    std::optional<std::string> svg_path;   // --svg: the tile and its witnesses as a picture
    bool suggest = false;  // --suggest: search the families on `tile` for `accesses`
    tile_request tile;
    output_format format = output_format::text;  // --format
    std::optional<std::string> out_path;         // --out: the --format document's file (else standard output)
    bool quiet = false;                          // --quiet: one line a finding, nothing else
};

// Printed and exited 0: --help, --version.
struct info_text {
    std::string text;
};

using parsed = std::variant<layout_command, info_text, usage_error>;

// The layout mode's options (--layout, --nx and friends).
parsed parse(int argc, char const* const* argv);

// swz-verify has four modes, picked by the first option that names one:
//   layout     --layout, --nx, --equiv  certify a layout (the default)
//   kernel     --kernel, --list-kernels prove a kernel's shared-memory accesses
//   catalogue  --check, --sweep         re-check or generate certificates
//   family     --family                 prove properties of a whole family at once
enum class mode { layout, kernel, catalogue, family };
mode mode_of(int argc, char const* const* argv);
// Flags of two modes on one command line (--suggest with --family): the
// error, before either mode reads its options and calls the other's unknown.
std::optional<usage_error> mixed_modes(int argc, char const* const* argv);

// Each mode's entry point: parses its own options, returns the exit code.
int run_layout_mode(int argc, char const* const* argv);
int run_kernel_mode(int argc, char const* const* argv);
int run_catalogue_mode(int argc, char const* const* argv);
int run_family_mode(int argc, char const* const* argv);

// Newlines folded, trailing blanks dropped: errors are one line.
std::string one_line(std::string s);

// A decimal count in [min, max]: digits only, no sign, no overflow.
std::variant<std::uint64_t, usage_error> parse_count(std::string const& option, std::string const& text,
                                                     std::uint64_t min, std::uint64_t max);

// --timeout-ms in ms (1 .. 2^32-1), or `fallback` when it is not given.
std::variant<unsigned, usage_error> timeout_option(arguments const& a, unsigned fallback);

}  // namespace swz::verify::cli
