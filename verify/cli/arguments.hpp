// swz-verify's own argument parser: every message is one line in swz's
// words, naming the option and the rule it breaks, and --help is honoured
// wherever it appears. Each mode declares its options; this checks them.
//
//   --name VALUE, --name=VALUE     an option with one value
//   --name A B                     an option with two values (--equiv)
//   --name                         a flag: takes no value, rejects --name=...
//
// A value may not be empty or hold a line break; an option not marked
// repeatable may be given once.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace swz::verify::cli {

struct option_spec {
    std::string name;      // "--nx"
    unsigned values = 1;   // 0 (a flag), 1 or 2
    bool repeatable = false;
    std::string metavar;   // "N", "SPEC", for --help
    std::string help;      // one line
};

struct arguments {
    // Each given option's values, once per occurrence, in order.
    std::map<std::string, std::vector<std::vector<std::string>>> given;
    bool help = false;
    bool version = false;

    bool has(std::string const& name) const { return given.count(name) != 0; }
    // The single value of an option given once, if given.
    std::optional<std::string> value(std::string const& name) const;
    // Every value of a repeatable one-value option.
    std::vector<std::string> values(std::string const& name) const;
};

// One line for stderr, exit 1.
struct usage_error {
    std::string message;
};

std::variant<arguments, usage_error> parse_arguments(int argc, char const* const* argv,
                                                     std::vector<option_spec> const& options);

// The option table, for --help.
std::string options_help(std::vector<option_spec> const& options);

}  // namespace swz::verify::cli
