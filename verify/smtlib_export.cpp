#include "smtlib_export.hpp"

namespace swz::verify {

std::string to_smtlib(prover& p, obligation const& o) {
    z3::solver s(p.ctx(), "QF_BV");
    for (unsigned i = 0; i < o.assertions.size(); ++i) s.add(o.assertions[i]);
    return "(set-logic QF_BV)\n" + s.to_smt2(o.result == answer::sat ? "sat" : "unsat");
}

}  // namespace swz::verify
