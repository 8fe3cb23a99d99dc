// Every property of one layout, in the order a reader checks them: the
// lowering the queries rely on, the layout's own properties, the TMA's
// placement, its conflict figures, its column spread, and the article's
// claims about it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "conflict_bound.hpp"
#include "layout_subject.hpp"
#include "prover.hpp"
#include "verdict.hpp"

namespace swz::verify {

struct requirements {
    std::vector<std::string> conflict_free;   // these accesses (canonical --access specs) must reach the ideal
    bool article = false;                     // the article's claims must hold
};

// An obligation kept as text, once the prover that checked it is gone.
struct exported_obligation {
    std::string name;
    std::string role;      // "proof" (expect unsat) or "witness" (expect sat)
    std::string expected;  // "unsat" or "sat", what Z3 answered
    std::string smt2;
};

struct certificate {
    std::string spec;     // the layout, as --layout writes it
    std::string family;
    tile_shape shape;
    std::uint32_t chunk_bytes = 0;
    std::optional<layout_params> article;  // the article's formula: its parameters
    unsigned timeout_ms = 0;
    requirements required;
    std::vector<property_result> results;
    std::vector<exported_obligation> obligations;  // only when asked for
    double seconds = 0;
};

struct certify_options {
    unsigned timeout_ms = 10000;
    requirements required;
    bool keep_obligations = false;
    unsigned threads = 0;  // solver threads, each with its own Z3 context; 0: one per core
    bool log_queries = false;  // every solver query, its answer and time, to stderr
    // How conflict and spread figures are decided; smt also asks the solver
    // the bijection of layouts that move cells across rows (prove_bijection's exhaust).
    figure_method figures = figure_method::automatic;
    std::vector<std::string> accesses;  // accesses to cost beside the four default patterns (--access)
    bool small_box_first = false;  // prover::set_small_box_first, set by certify() from the layout
};

// The article's swizzled tile for `params` over `rows` rows.
layout_subject article_subject(layout_params const& params, std::uint64_t rows);

certificate certify(layout_subject const& subject, certify_options const& options);

// The certificate of one equivalence: a and b place every cell alike.
certificate certify_equivalence(layout_subject const& a, layout_subject const& b, certify_options const& options);

// A property that does not apply to this layout, and why.
property_result not_applicable(std::string id, std::string section, std::string statement, std::string why);

}  // namespace swz::verify
