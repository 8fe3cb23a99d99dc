; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 2 here (asserted below 4)
; x: 64 bits in the prover, 2 here (asserted below 4)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 2))
(declare-fun x () (_ BitVec 2))
(assert (not (= (bvxor y (bvxor y x)) x)))
(assert (bvult ((_ zero_extend 1) y) (_ bv4 3)))
(assert (bvult ((_ zero_extend 1) x) (_ bv4 3)))
(check-sat)
(exit)
