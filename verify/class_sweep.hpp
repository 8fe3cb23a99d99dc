// A figure over every start decided from one block of starts of each class
// of equal cost (article_classes.hpp), by the sweeps' own code
// (block_sweeps.hpp). Each class's block is its first in the period, so the
// first start with the figure among the blocks is the first of all.
// Nothing where the subject has no classes or a block's sweep cannot decide
// (an illegal lane: the ordinary paths name it).
// tests/verify/test_class_sweep.cpp compares both with the sweep of every
// start and with the independent enumeration.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

#include "access_subject.hpp"
#include "column_sweep.hpp"
#include "layout_subject.hpp"

namespace swz::verify {

struct class_sweep_result {
    column_sweep_result swept;
    std::uint64_t blocks = 0;  // the classes' blocks swept
    std::uint64_t direct = 0;  // the starts in no class (a finite tile's last rows), swept directly
    class_naming naming;  // class_blocks's
};

// How a certificate names the method: the classes, the starts swept
// directly, and the domain's note.
std::string class_method(class_sweep_result const& r, std::string const& domain_note);

// A row, column or fragment access's classes, where it has them and the
// sweeps can take them (32 lanes or a fragment's, a width, units a row);
// the sweep below declines those that do not hold under the access's cost
// rule.
std::optional<class_blocks> access_classes(access_subject const& w);

// The starts s of a row access whose first unit lies in row y, columns
// `cols`: the starts of a class block's row.
piece row_block_starts(access_subject const& w, std::uint64_t y, column_block cols);

// A row, column or fragment access with start_classes, from its classes
// (access_classes) or asking for them.
std::optional<class_sweep_result> sweep_access_by_classes(access_subject const& w, class_blocks const& classes,
                                                          std::chrono::steady_clock::time_point deadline);
std::optional<class_sweep_result> sweep_access_by_classes(access_subject const& w,
                                                          std::chrono::steady_clock::time_point deadline);

// column_spread over every y0 < starts and x < cols (all of them) on an
// article layout with classes, or on a swizzle XOR by blocks
// (xor_segment_classes.hpp).
std::optional<class_sweep_result> sweep_spread_by_classes(layout_subject const& t, std::uint64_t starts, std::uint64_t cols,
                                                          std::chrono::steady_clock::time_point deadline);

}  // namespace swz::verify
