; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 6 here (asserted below 64)
; x: 64 bits in the prover, 6 here (asserted below 64)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 6))
(declare-fun x () (_ BitVec 6))
(assert (not (= (bvxor y (bvxor y x)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv64 7)))
(assert (bvult ((_ zero_extend 1) x) (_ bv64 7)))
(check-sat)
(exit)
