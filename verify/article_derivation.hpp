// The article's informal derivation, each step a lemma about the formula's
// own intermediates (swz/article_forms.hpp), checked for the given
// parameters over every row and column.
#pragma once

#include <vector>

#include "prover.hpp"
#include "tile_subject.hpp"
#include "verdict.hpp"

namespace swz::verify {

// Applies to subjects built from the article's formula; `required` makes a
// refuted step fail the run.
std::vector<property_result> prove_article_derivation(prover& p, tile_subject const& t, bool required);

}  // namespace swz::verify
