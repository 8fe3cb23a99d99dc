// Every property of one layout, in the order a reader checks them: the
// lowering the queries rely on, the layout's own properties, its conflict
// figures, its column spread, and the article's claims about it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "prover.hpp"
#include "swz/layout_params.hpp"
#include "swz/tile_patterns.hpp"
#include "tile_subject.hpp"
#include "verdict.hpp"

namespace swz::verify {

inline constexpr std::uint64_t all_32bit_rows = std::uint64_t(1) << 32;

struct requirements {
    std::vector<tile_pattern> conflict_free;  // these patterns must reach the ideal
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
    std::string subject;
    layout_params params;
    std::uint64_t rows = all_32bit_rows;
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
};

// The article's swizzled tile for `params` over `rows` rows.
tile_subject article_subject(layout_params const& params, std::uint64_t rows);

certificate certify(tile_subject const& subject, certify_options const& options);

}  // namespace swz::verify
