; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 8 here (asserted below 256)
; x: 64 bits in the prover, 8 here (asserted below 256)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 8))
(declare-fun x () (_ BitVec 8))
(assert (not (= (bvxor y (bvxor y x)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv256 9)))
(assert (bvult ((_ zero_extend 1) x) (_ bv256 9)))
(check-sat)
(exit)
