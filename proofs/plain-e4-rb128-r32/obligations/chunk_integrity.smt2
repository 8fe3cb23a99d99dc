; swz-verify obligation chunk_integrity (proof): expected unsat
; values are printed on as few bits as hold them (smtlib_export.hpp):
; y: 64 bits in the prover, 1 here (asserted below 1)
; x: 64 bits in the prover, 5 here (asserted below 32)
(set-info :smt-lib-version 2.6)
(set-logic QF_BV)
(set-info :status unsat)
(declare-fun y () (_ BitVec 1))
(declare-fun x () (_ BitVec 5))
(assert (or (not (and (= x ((_ extract 6 2) (bvadd (concat ((_ extract 4 2) x) (_ bv0 4)) ((_ zero_extend 3) (concat ((_ extract 1 0) x) (_ bv0 2)))))) (= (_ bv0 2) ((_ extract 1 0) (bvadd (concat ((_ extract 4 2) x) (_ bv0 4)) ((_ zero_extend 3) (concat ((_ extract 1 0) x) (_ bv0 2)))))))) false))
(assert (bvult y (_ bv1 1)))
(assert (bvult ((_ zero_extend 1) x) (_ bv32 6)))
(check-sat)
(exit)
