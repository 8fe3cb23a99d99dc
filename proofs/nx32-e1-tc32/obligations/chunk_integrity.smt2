; swz-verify obligation chunk_integrity (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 2 here (asserted below 4)
; x: 64 bits in the prover, 5 here (asserted below 32)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 2))
(declare-fun x () (_ BitVec 5))
(assert (or false false))
(assert (bvult ((_ zero_extend 1) y) (_ bv4 3)))
(assert (bvult ((_ zero_extend 1) x) (_ bv32 6)))
(check-sat)
(exit)
