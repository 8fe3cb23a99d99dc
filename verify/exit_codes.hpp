// swz-verify's exit codes, in one place (after CBMC's documented codes), so
// that CI can tell "regenerate proofs/" (11) from "this layout is unsafe" (10):
//
//   0   success: every property that counts holds, nothing is unknown, every output was written
//   1   usage error: a bad, missing or repeated option or value, a bad layout, an unreadable input
//   3   output error: an output file or stream could not be written or flushed (checked before solving where possible)
//   5   unknown: some query has no answer (time limit, solver `unknown`), and none that counts is refuted
//   6   internal error: a bug in swz-verify; please report it
//   10  refuted: a property that counts is refuted, or a sweep or --check found a layout that must hold refuted
//   11  stale or tampered catalogue (--check): a certificate differs from what the tool derives now, a hand edit,
//       a missing or stray certificate or file, a version mismatch, a known-bad layout no longer refuted
//   12  second-solver disagreement (--check): cvc5 disagrees with an obligation, fails on it or times out
//
// When several apply, the most severe wins: 6, then 12, 10, 11, 3, 5, 0. A
// second solver's disagreement puts every verdict in doubt; an unsafe layout
// outranks a stale certificate (regenerating would not make it safe); a lost
// output outranks an unknown. A usage error (1) stops before any work, so it
// never mixes with the others.
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
    exit_stale = 11,
    exit_second_solver = 12,
};

// The precedence above: the more severe of two exit codes.
inline int worse_exit(int a, int b) {
    auto const rank = [](int c) {
        switch (c) {
            case exit_internal: return 7;
            case exit_second_solver: return 6;
            case exit_refuted: return 5;
            case exit_stale: return 4;
            case exit_output: return 3;
            case exit_unknown: return 2;
            case exit_usage: return 1;
            default: return 0;
        }
    };
    return rank(b) > rank(a) ? b : a;
}

// What an exit code means, in a few words, for summary lines.
inline char const* exit_code_meaning(int c) {
    switch (c) {
        case exit_ok: return "success";
        case exit_usage: return "usage error";
        case exit_output: return "output error";
        case exit_unknown: return "unknown";
        case exit_internal: return "internal error";
        case exit_refuted: return "refuted";
        case exit_stale: return "stale or tampered catalogue";
        case exit_second_solver: return "second-solver disagreement";
    }
    return "?";
}

// A layout's verdicts: refuted-and-counting beats unknown (of any property,
// reported ones too: a figure without an answer is not a figure) beats success.
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
