------------------------- MODULE AcquireVsCloseLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.session.AcquireVsCloseTest: one acquire (held, no   *)
(* release) races one close. Outcome: "<acquired>, <closed>", 1 or 0 each.   *)
(* The Java thread's home counter is its id masked; the model lets the      *)
(* acquire use either counter (ShardedSession's Init), and the outcome set   *)
(* is the same for both.                                                     *)
(*                                                                           *)
(* Not covered: nothing beyond sequential consistency is at stake; every     *)
(* counter access in ShardedSession is volatile or a CAS.                    *)
(*****************************************************************************)
EXTENDS ShardedSession, Sequences, TLC

Finished == pc[1] \in {"holding", "failed"} /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}

LitmusNext ==
    \/ AcquireLoad(1) \/ AcquireCas(1)
    \/ \E k \in Closers : Closer(k)
    \/ Finished /\ UNCHANGED vars

LitmusSpec == Init /\ [][LitmusNext]_vars

Outcome == (IF pc[1] = "holding" THEN "1" ELSE "0") \o ", " \o (IF \E k \in Closers : cpc[k] = "ok" THEN "1" ELSE "0")
=============================================================================
