; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 4 here (asserted below 16)
; y: 64 bits in the prover, 1 here (asserted below 1)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 4))
(declare-fun y () (_ BitVec 1))
(assert false)
(assert (bvult y (_ bv1 1)))
(assert (bvult ((_ zero_extend 1) x) (_ bv16 5)))
(check-sat)
(exit)
