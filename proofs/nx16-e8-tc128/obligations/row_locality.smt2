; swz-verify obligation row_locality (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 4 here (asserted below 16)
; y: 64 bits in the prover, 32 here (asserted below 4294967296)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 4))
(declare-fun y () (_ BitVec 32))
(assert (not (bvule (bvadd ((_ zero_extend 1) (concat x (_ bv0 3))) (_ bv8 8)) (_ bv128 8))))
(assert (bvult ((_ zero_extend 1) y) (_ bv4294967296 33)))
(assert (bvult ((_ zero_extend 1) x) (_ bv16 5)))
(check-sat)
(exit)
