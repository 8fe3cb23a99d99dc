; swz-verify obligation involution (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 4 here (asserted below 16)
; y: 64 bits in the prover, 2 here (asserted below 4)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 4))
(declare-fun y () (_ BitVec 2))
(assert false)
(assert (bvult ((_ zero_extend 1) y) (_ bv4 3)))
(assert (bvult ((_ zero_extend 1) x) (_ bv16 5)))
(check-sat)
(exit)
