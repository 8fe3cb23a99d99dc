// What one property query concludes. A timeout or `unknown` from the solver
// is UNKNOWN, never PROVED.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace swz::verify {

enum class verdict { proved, refuted, unknown };

inline std::string_view verdict_name(verdict v) {
    switch (v) {
        case verdict::proved: return "PROVED";
        case verdict::refuted: return "REFUTED";
        case verdict::unknown: return "UNKNOWN";
    }
    return "?";
}

// Where a property's verdict counts.
//   gate:   a REFUTED verdict fails the run (exit 10)
//   report: the verdict is reported; it fails the run only when asked for
enum class weight { gate, report };

// A number a property establishes, next to what it is compared with:
// worst-case wavefronts against the ideal, distinct values against the
// article's claim.
struct figure {
    std::uint64_t value = 0;
    std::uint64_t reference = 0;
    std::string unit;       // "wavefronts", "distinct x_swz"
    std::string reference_name;  // "ideal", "claimed"
};

struct property_result {
    std::string id;       // "bijection", "conflict.column", ...
    std::string section;  // "formula", "layout", "conflicts", "spread", "article", "kernel"
    std::string statement;
    weight counts = weight::gate;
    bool applicable = true;
    verdict outcome = verdict::unknown;
    std::string reason;  // why UNKNOWN, or why not applicable
    std::optional<figure> fig;
    // The replayed counterexample (REFUTED) or witness (a figure's bound):
    // structured for the certificate, and as readable lines.
    nlohmann::json evidence;
    std::vector<std::string> evidence_text;
    // How the verdict was reached, when not by one SMT query over the whole
    // domain: "over one period of 16 rows (periodicity)", "by exhaustion
    // over 4096 cases".
    std::string method;
    double seconds = 0;
    unsigned solver_calls = 0;
};

}  // namespace swz::verify
