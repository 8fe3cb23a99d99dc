; swz-verify obligation row_locality (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; x: 64 bits in the prover, 6 here (asserted below 64)
; y: 64 bits in the prover, 32 here (asserted below 4294967296)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun x () (_ BitVec 6))
(declare-fun y () (_ BitVec 32))
(assert (not (bvule (bvadd ((_ zero_extend 1) (concat x (_ bv0 2))) (_ bv4 9)) (_ bv256 9))))
(assert (bvult ((_ zero_extend 1) y) (_ bv4294967296 33)))
(assert (bvult ((_ zero_extend 1) x) (_ bv64 7)))
(check-sat)
(exit)
