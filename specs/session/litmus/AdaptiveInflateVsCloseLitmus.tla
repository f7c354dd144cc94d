---------------------- MODULE AdaptiveInflateVsCloseLitmus ----------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.session.AdaptiveInflateVsCloseTest: an acquire that *)
(* enters at its Inflate step (its base CAS failed: the test calls           *)
(* acquireAfterFailedBaseCas) races a close. Outcome: "<acquired>,           *)
(* <closed>, <stripes exist>", 1 or 0 each.                                  *)
(*                                                                           *)
(* Not covered: nothing beyond sequential consistency is at stake here; the  *)
(* publication of the stripes is AdaptiveSessionMemory.tla's.               *)
(*****************************************************************************)
EXTENDS AdaptiveSession, Sequences, TLC

Finished == pc[1] \in {"holding", "failed"} /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}

LitmusNext ==
    \/ AcquireLoad(1) \/ AcquireCas(1) \/ Inflate(1)
    \/ \E k \in Closers : Closer(k)
    \/ Finished /\ UNCHANGED vars

LitmusSpec == InitWith("inflate") /\ [][LitmusNext]_vars

Outcome == (IF pc[1] = "holding" THEN "1" ELSE "0") \o ", "
           \o (IF \E k \in Closers : cpc[k] = "ok" THEN "1" ELSE "0") \o ", "
           \o (IF cells = "inflated" THEN "1" ELSE "0")
=============================================================================
