; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 3 here (asserted below 8)
; y: 64 bits in the prover, 1 here (asserted below 2)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 3))
(declare-fun y () (_ BitVec 1))
(assert false)
(assert (bvult ((_ zero_extend 1) y) (_ bv2 2)))
(assert (bvult ((_ zero_extend 1) x) (_ bv8 4)))
(check-sat)
(exit)
