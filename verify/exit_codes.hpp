// swz-verify's exit codes, in one place (after CBMC's documented codes).
//
//   0   every property that counts holds (layout properties, and any figure
//       the user required) and nothing is unknown
//   1   usage error: bad, missing or repeated option, a value that breaks a
//       layout rule, a file that cannot be read or written
//   3   output error: a file or stream could not be written (checked
//       before solving where it can be)
//   5   some query is UNKNOWN (solver timeout or `unknown`), and none that
//       counts is refuted
//   6   internal error (a bug in swz-verify; please report it)
//   10  a property that counts is REFUTED; in catalogue mode also: --check
//       found a changed result, a hand edit, a missing certificate, or a cvc5
//       disagreement or timeout, or a --sweep found a refuted layout
#pragma once

#include <vector>

#include "verdict.hpp"

namespace swz::verify {

enum exit_code : int {
    exit_ok = 0,
    exit_usage = 1,
    exit_output = 3,
    exit_unknown = 5,
    exit_internal = 6,
    exit_refuted = 10,
};

// Refuted-and-counting beats unknown beats success.
inline exit_code exit_code_for(std::vector<property_result> const& results) {
    bool unknown = false;
    for (auto const& r : results) {
        if (!r.applicable) continue;
        if (r.outcome == verdict::refuted && r.counts == weight::gate) return exit_refuted;
        if (r.outcome == verdict::unknown) unknown = true;
    }
    return unknown ? exit_unknown : exit_ok;
}

}  // namespace swz::verify
