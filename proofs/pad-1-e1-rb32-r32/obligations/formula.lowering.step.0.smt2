; swz-verify obligation formula.lowering [step 0] (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 5 here (asserted below 32)
; y: 64 bits in the prover, 5 here (asserted below 32)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 5))
(declare-fun y () (_ BitVec 5))
(assert (not (= (bvmul x (_ bv1 5)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv32 6)))
(assert (bvult ((_ zero_extend 1) x) (_ bv32 6)))
(check-sat)
(exit)
