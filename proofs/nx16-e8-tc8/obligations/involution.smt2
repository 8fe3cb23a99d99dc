; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 4 here (asserted below 16)
; x: 64 bits in the prover, 4 here (asserted below 16)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 4))
(declare-fun x () (_ BitVec 4))
(assert (not (= (bvxor y (bvxor y x)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv16 5)))
(assert (bvult ((_ zero_extend 1) x) (_ bv16 5)))
(check-sat)
(exit)
