// The article's informal derivation, each step a lemma about the formula's
// own intermediates (swz/article_forms.hpp), checked for the given
// parameters over every row and column.
#pragma once

#include <functional>
#include <vector>

#include "prover.hpp"
#include "swz/layout_params.hpp"
#include "verdict.hpp"

namespace swz::verify {

// For the article's formula with parameters `l` on `rows` rows; `required`
// makes a refuted step fail the run.
std::vector<property_result> prove_article_derivation(prover& p, layout_params const& l, std::uint64_t rows,
                                                      bool required);

// The same steps one by one, in report order, so that a caller can decide
// them on threads of their own.
std::vector<std::function<property_result(prover&)>> article_derivation_steps(layout_params const& l, std::uint64_t rows,
                                                                               bool required);

}  // namespace swz::verify
