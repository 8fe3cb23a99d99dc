; swz-verify obligation chunk_integrity (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 1 here (asserted below 2)
; x: 64 bits in the prover, 4 here (asserted below 16)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 1))
(declare-fun x () (_ BitVec 4))
(assert (or false false))
(assert (bvult ((_ zero_extend 1) y) (_ bv2 2)))
(assert (bvult ((_ zero_extend 1) x) (_ bv16 5)))
(check-sat)
(exit)
