// The article family's conflict figures: each built-in access's exact
// worst-case wavefronts on every power-of-two layout, as the closed forms
// of article_figure_forms.hpp, proved over the whole family (parameters and
// row count symbolic) with two lanes per query:
//
//   upper: two lanes of one phase that share a bank group with distinct
//          units differ in the phase's free row bits (column accesses) or
//          do not exist (row-major ones); so a phase holds at most
//          2^|free| distinct units of one group, or one;
//   lower: at y0 = 0, c = 0 the 2^|free| lanes of each phase whose rows
//          are 0 on the spread bits share one group with distinct units
//          (row-major: every lane is active, so each phase costs 1).
//
// Wavefronts add over the 32 / 2^p phases, so the two bounds meet at the
// closed form. The family mode proves each pattern's lemmas once for both
// widths, elem and TC (family_figures.hpp's shared_figures). A refuted lemma is replayed on the instance and start it
// names; the figure is REFUTED only where the warp's cost there, through
// the concrete bank rule, breaks the closed form, and UNKNOWN otherwise.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "../prover.hpp"
#include "../symbolic_uint.hpp"
#include "../verdict.hpp"
#include "article_figure_forms.hpp"
#include "family_definition.hpp"

namespace swz::verify {

// family.conflict.row, .row-chunk, .column, .column-chunk, in report order,
// and the lemmas each pattern's two figures share.
std::vector<family_property> article_family_figures();

// A column access's spread and free bits from (log2 row bytes, log2 TC,
// log2 unit), on solver values and on integers: column_conflict_form, or,
// in the tests, a wrong form the proof must refute.
struct column_form_choice {
    std::function<column_form<symbolic_uint>(symbolic_uint const&, symbolic_uint const&, symbolic_uint const&)> symbolic;
    std::function<column_form<std::uint64_t>(std::uint64_t, std::uint64_t, std::uint64_t)> concrete;
};
column_form_choice the_column_form();

// family.conflict.column (TC-byte lanes: .column-chunk) against `form`.
property_result prove_family_column_figure(prover& p, bool chunk, column_form_choice const& form);

}  // namespace swz::verify
