------------------------- MODULE PublishHandshakeLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sequencer.PublishHandshakeTest: sequences 0 and 1   *)
(* are claimed up front (First holds 0, Second holds 1); the two publishers  *)
(* publish them at once; the arbiter reads the cursor after both returned.   *)
(* TLC enumerates every reachable final cursor; the runner compares that set *)
(* with the test's ACCEPTABLE outcomes.                                      *)
(*                                                                           *)
(* Not covered (sequential consistency only): the Java memory model's weaker *)
(* behaviours. The handshake uses volatile accesses only (pending.set, CAS,  *)
(* pending.get, cursor loads), which are sequentially consistent, so the JMM *)
(* adds no outcome here: the jcstress test accepts exactly this set.         *)
(*****************************************************************************)
EXTENDS PendingList, TLC

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second

\* Both claims happened in the test's constructor: each publisher is at its publish call.
LitmusInit ==
    /\ next = 1
    /\ cursor = -1
    /\ consumed = -1
    /\ pending = [i \in Slots |-> -1]
    /\ pc = [p \in Publishers |-> "guard"]
    /\ seq = [p \in Publishers |-> IF p = First THEN 0 ELSE 1]
    /\ lo = seq
    /\ expected = [p \in Publishers |-> -1]
    /\ top = [p \in Publishers |-> -1]
    /\ published = {}
    /\ wasted = [p \in Publishers |-> 0]
    /\ work = [p \in Publishers |-> 0]

Finished == \A p \in Publishers : pc[p] = "claim"

\* Only the publish steps: no further claims, no consumer in this test.
LitmusNext ==
    \/ \E p \in Publishers : Guard(p) \/ Park(p) \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)
    \/ Finished /\ UNCHANGED vars

LitmusSpec == LitmusInit /\ [][LitmusNext]_vars
Outcome == ToString(cursor)
=============================================================================
