------------------------- MODULE AcquireVsCloseLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.session.AcquireVsCloseTest: one acquire (held, no   *)
(* release) races one close. Outcome: "<acquired>, <closed>", 1 or 0 each.   *)
(* The Java thread's home counter is a hash of its id; the outcome set does  *)
(* not depend on which counter it is (the counters are symmetric), so the    *)
(* model fixes Home(1).                                                      *)
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
