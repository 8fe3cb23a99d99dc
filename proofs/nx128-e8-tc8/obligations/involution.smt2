; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 7 here (asserted below 128)
; x: 64 bits in the prover, 7 here (asserted below 128)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 7))
(declare-fun x () (_ BitVec 7))
(assert (not (= (bvxor y (bvxor y x)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv128 8)))
(assert (bvult ((_ zero_extend 1) x) (_ bv128 8)))
(check-sat)
(exit)
