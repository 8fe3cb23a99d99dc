; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 6 here (asserted below 64)
; y: 64 bits in the prover, 1 here (asserted below 1)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 6))
(declare-fun y () (_ BitVec 1))
(assert false)
(assert (bvult y (_ bv1 1)))
(assert (bvult ((_ zero_extend 1) x) (_ bv64 7)))
(check-sat)
(exit)
