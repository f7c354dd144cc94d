------------------------- MODULE HandoffReleaseLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.session.HandoffReleaseTest: thread 1 holds a ticket *)
(* (acquired when the test state was built); another thread releases it      *)
(* while the closer First closes; after both, the arbiter (closer Second)    *)
(* closes again. Outcome: "<First closed>, <Second closed>".                 *)
(*                                                                           *)
(* Not covered: nothing beyond sequential consistency is at stake; every     *)
(* counter access in ShardedSession is volatile or a CAS.                    *)
(*****************************************************************************)
EXTENDS ShardedSession, Sequences, TLC

CONSTANTS First, Second
ASSUME Closers = {First, Second} /\ First # Second

LitmusInit ==
    /\ c = [i \in Counters |-> IF i = 0 THEN 1 ELSE 0]
    /\ pc = [t \in Threads |-> "holding"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = [t \in Threads |-> 0]
    /\ round = [t \in Threads |-> 1]
    /\ held = [t \in Threads |-> {0}]
    /\ waitedOn = [t \in Threads |-> {}]
    /\ moved = [t \in Threads |-> FALSE]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ ci = [k \in Closers |-> 0]
    /\ marked = [k \in Closers |-> {}]
    /\ owner = [i \in Counters |-> NoCloser]

Returned(k) == cpc[k] \in {"ok", "busy", "closed"}
Finished == pc[1] = "done" /\ Returned(First) /\ Returned(Second)

LitmusNext ==
    \/ Release(1)
    \/ Closer(First)
    \/ pc[1] = "done" /\ Returned(First) /\ Closer(Second)    \* the arbiter runs after both actors
    \/ Finished /\ UNCHANGED vars

LitmusSpec == LitmusInit /\ [][LitmusNext]_vars

Outcome == (IF cpc[First] = "ok" THEN "1" ELSE "0") \o ", " \o (IF cpc[Second] = "ok" THEN "1" ELSE "0")
=============================================================================
