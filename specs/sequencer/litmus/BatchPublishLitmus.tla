-------------------------- MODULE BatchPublishLitmus --------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sequencer.BatchPublishTest: sequence 0 and the      *)
(* batch 1..2 are claimed up front (First holds 0, Second holds the batch:   *)
(* next() then next(2)); First publishes 0 while Second publishes 1..2 with  *)
(* publish(1, 2); the arbiter reads the cursor after both returned. With a   *)
(* pending array of two, the batch waits at the guard until the cursor      *)
(* reaches 0, which is lo - 1: the fast path, one CAS 0 -> 2 over the whole *)
(* batch, while First, after its CAS -1 -> 0, loads the entry of 1 (never    *)
(* parked) and returns. TLC enumerates                                       *)
(* every reachable final cursor; the runner compares that set with the       *)
(* test's ACCEPTABLE outcomes.                                               *)
(*                                                                           *)
(* Not covered (sequential consistency only): as for PublishHandshakeLitmus, *)
(* every access of the handshake is volatile, so the Java memory model adds  *)
(* no outcome: the jcstress test accepts exactly this set.                   *)
(*****************************************************************************)
EXTENDS PendingList, TLC

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second /\ MaxBatch >= 2

\* Both claims happened in the test's constructor: each publisher is at its publish call.
LitmusInit ==
    /\ next = 2
    /\ cursor = -1
    /\ consumed = -1
    /\ pending = [i \in Slots |-> -1]
    /\ pc = [p \in Publishers |-> "guard"]
    /\ seq = [p \in Publishers |-> IF p = First THEN 0 ELSE 2]
    /\ lo = [p \in Publishers |-> IF p = First THEN 0 ELSE 1]
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
