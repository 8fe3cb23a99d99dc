// An obligation as a standalone SMT-LIB2 benchmark, for re-checking by
// another solver.
#pragma once

#include <string>

#include "prover.hpp"

namespace swz::verify {

std::string to_smtlib(prover& p, obligation const& o);

}  // namespace swz::verify
