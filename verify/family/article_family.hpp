// The article's formula as a family: NX = 2^n, elem = 2^e, TC = 2^t and the
// row count all solver variables, over every power-of-two NX from 2^0 to
// 2^16, every element size of 1, 2, 4, 8 or 16 bytes and every TC the
// formula's rules accept (elem <= TC <= a row, a row at most 2^17 bytes),
// on tiles of 1 .. 2^32 rows. The offset is the model's own template,
// swz/layout/article.hpp, instantiated on symbolic powers of two
// (symbolic_pow2.hpp), so one query decides a property for all of them; a
// counterexample names the parameters and is replayed through the instance
// they make.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "../prover.hpp"
#include "../verdict.hpp"
#include "family_definition.hpp"

namespace swz::verify {

// family.bijection, .row_permutation, .chunk_integrity and .involution
// for the whole family, one query each, in report order.
std::vector<std::function<property_result(prover&)>> article_family_properties();

// The family as --family article names it: those properties, then the
// conflict figures (article_family_figures.hpp).
family_definition const& article_family_definition();

}  // namespace swz::verify
