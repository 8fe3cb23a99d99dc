; swz-verify obligation row_locality (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 7 here (asserted below 128)
; y: 64 bits in the prover, 32 here (asserted below 4294967296)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 7))
(declare-fun y () (_ BitVec 32))
(assert (not (bvule (bvadd ((_ zero_extend 1) x) (_ bv1 8)) (_ bv128 8))))
(assert (bvult ((_ zero_extend 1) y) (_ bv4294967296 33)))
(assert (bvult ((_ zero_extend 1) x) (_ bv128 8)))
(check-sat)
(exit)
