// CuTe's Swizzle<B,M,S> as a family (cute_family_params.hpp): B, M, S, the
// element size, the row length and the row count all symbolic, one query
// (or two) per property; a counterexample names the parameters and is
// replayed on the layout `--layout cute:B,M,S` certifies.
#pragma once

#include <vector>

#include "../prover.hpp"
#include "../verdict.hpp"
#include "cute_family_params.hpp"
#include "family_definition.hpp"
#include "family_figures.hpp"

namespace swz::verify {

// family.bijection, .row_permutation, .chunk_integrity, .involution, then
// the four conflict figures, in report order.
std::vector<family_property> cute_family_properties();

family_definition const& cute_family_definition();

// The figures' closed forms (cute_figure_forms.hpp) on both sides, and a
// figure proved against a form of the caller's (the tests inject wrong ones).
figure_form<cute_family> cute_row_figure_form();
figure_form<cute_family> cute_column_figure_form();
property_result prove_cute_figure(prover& p, bool column, bool chunk, figure_form<cute_family> const& form);

}  // namespace swz::verify
