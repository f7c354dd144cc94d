------------------------ MODULE AvailabilityScanLitmus ------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sequencer.AvailabilityScanTest: sequences 0 and 1   *)
(* are claimed up front (First holds 0, Second holds 1); each publisher      *)
(* writes its event into its slot and publishes it; once its publish has     *)
(* returned, Second consumes: waitFor(0) scans the flags until it has found  *)
(* 0 published, then Second reads the slots up to the sequence waitFor      *)
(* returned, counting empty ones; the arbiter calls cursor() after both      *)
(* actors returned. The publishers and the consumer are                      *)
(* AvailabilitySequencer.tla's own steps (WriteEvent, SetAvailable;          *)
(* WaitForClaim, IsAvailable: the consumer's loop of waitFor), and the       *)
(* test's slots are the spec's ring.                                         *)
(* Outcome: "<waitFor returned>, <empty slots under it>, <final cursor()>".  *)
(*                                                                           *)
(* Not covered (sequential consistency only): the slot writes are plain      *)
(* stores in Java, the flag store a release and the scan's flag load an      *)
(* acquire. TLC cannot reorder them; the JMM could, were that release and   *)
(* acquire missing (memory/AvailabilityMemory.tla checks the modes). That    *)
(* chain is what the jcstress test probes: its outcome with an empty slot is *)
(* FORBIDDEN, and none is listed beyond sequential consistency.              *)
(*****************************************************************************)
EXTENDS AvailabilitySequencer, Sequences, TLC

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second

VARIABLES
    readerPc,     \* Second as the consumer: "wait" (before or in waitFor), "slot" (reading the slots), "done"
    seen,         \* what waitFor(0) returned
    index,        \* the next slot the consumer loads
    empty         \* empty slots the consumer found under seen

litmusVars == <<readerPc, seen, index, empty>>

Seq0(p) == IF p = First THEN 0 ELSE 1

\* Both claims (and their gating checks) happened in the test's constructor:
\* each publisher is at its event write.
LitmusInit ==
    /\ next = 1
    /\ gatingCache = -1
    /\ consumed = -1
    /\ availableBuffer = [i \in Slots |-> -1]
    /\ ring = [i \in Slots |-> -1]
    /\ cursor = -1
    /\ pc = [p \in Publishers |-> "write"]
    /\ lo = [p \in Publishers |-> Seq0(p)]
    /\ hi = lo
    /\ pos = lo
    /\ cpc = "wait"
    /\ limit = -1
    /\ got = -1
    /\ published = {}
    /\ readerPc = "wait"
    /\ seen = -1
    /\ index = 0
    /\ empty = 0

Publish(p) == (WriteEvent(p) \/ SetAvailable(p)) /\ UNCHANGED litmusVars

\* Second, once its publish returned: waitFor(0), the spec's consumer loop
\* until it has found 0 (cpc = "read")
Scan ==
    /\ pc[Second] = "claim" /\ readerPc = "wait"
    /\ (WaitForClaim \/ IsAvailable) /\ UNCHANGED litmusVars

\* waitFor returned: c = the consumer's cursor
Returned ==
    /\ readerPc = "wait" /\ cpc = "read"
    /\ seen' = cursor
    /\ readerPc' = "slot"
    /\ UNCHANGED <<index, empty>> /\ UNCHANGED vars

\* if (slots[i] == 0) empty++, for i in 0..c
ReadSlot ==
    /\ readerPc = "slot"
    /\ empty' = IF ring[Slot(index)] = -1 THEN empty + 1 ELSE empty
    /\ index' = index + 1
    /\ readerPc' = IF index + 1 > seen THEN "done" ELSE "slot"
    /\ UNCHANGED seen /\ UNCHANGED vars

\* The arbiter's cursor(): from the consumer's cursor, every flag at its lap or later.
FinalCursor ==
    CHOOSE c \in -1 .. next :
        /\ \A t \in 0 .. c : availableBuffer[Slot(t)] >= Lap(t)
        /\ (c = next \/ availableBuffer[Slot(c + 1)] < Lap(c + 1))

Finished == (\A p \in Publishers : pc[p] = "claim") /\ readerPc = "done"

\* Only the publish steps and the consumer's waitFor: no further claims.
LitmusNext ==
    \/ \E p \in Publishers : Publish(p)
    \/ Scan \/ Returned \/ ReadSlot
    \/ Finished /\ UNCHANGED <<vars, litmusVars>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<vars, litmusVars>>

Outcome == ToString(seen) \o ", " \o ToString(empty) \o ", " \o ToString(FinalCursor)
=============================================================================
