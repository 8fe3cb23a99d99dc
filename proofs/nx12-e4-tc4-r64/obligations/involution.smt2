; swz-verify obligation involution (witness): expected sat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 6 here (asserted below 48)
; x: 64 bits in the prover, 4 here (asserted below 12)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status sat)
(declare-fun y () (_ BitVec 6))
(declare-fun x () (_ BitVec 4))
(assert (distinct ((_ zero_extend 58) (bvurem ((_ extract 5 0) (bvxor ((_ zero_extend 58) y) ((_ zero_extend 58) (bvurem ((_ extract 5 0) ((_ zero_extend 58) (bvxor y ((_ zero_extend 2) x)))) (_ bv12 6))))) (_ bv12 6))) ((_ zero_extend 60) x)))
(assert (bvult y (_ bv48 6)))
(assert (bvult x (_ bv12 4)))
(check-sat)
(exit)
