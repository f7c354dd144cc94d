--------------------------- MODULE CursorReaderLitmus ---------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sequencer.CursorReaderTest: two publishers each     *)
(* write their event into their slot and publish it (sequences 0 and 1,      *)
(* claimed up front); once its publish returned, First loads the cursor,     *)
(* then the slots up to it, counting empty ones; the arbiter reads the final *)
(* cursor.                                                                   *)
(* Outcome: "<cursor seen>, <empty slots seen>, <final cursor>".             *)
(*                                                                           *)
(* Not covered (sequential consistency only): the slot writes are plain      *)
(* stores in Java and the reader's cursor load is an acquire. TLC cannot     *)
(* reorder them; the JMM could, were the happens-before chain (slot write,   *)
(* volatile park or CAS, acquire load of the cursor) broken. That chain is   *)
(* what the jcstress test probes: its outcomes with empty slots are          *)
(* FORBIDDEN, and none is listed beyond sequential consistency.              *)
(*****************************************************************************)
EXTENDS PendingList, Sequences, TLC

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second

VARIABLES
    slots,        \* Java: the int[] ring the test writes, 1 = event written
    readerPc,     \* "cursor", "slot", "done"
    seen,         \* the cursor value the reader loaded
    index,        \* the next slot the reader loads
    empty         \* empty slots the reader found under the cursor

litmusVars == <<slots, readerPc, seen, index, empty>>

LitmusInit ==
    /\ next = 1
    /\ cursor = -1
    /\ consumed = -1
    /\ pending = [i \in Slots |-> -1]
    /\ pc = [p \in Publishers |-> "write"]
    /\ seq = [p \in Publishers |-> IF p = First THEN 0 ELSE 1]
    /\ lo = seq
    /\ expected = [p \in Publishers |-> -1]
    /\ top = [p \in Publishers |-> -1]
    /\ published = {}
    /\ wasted = [p \in Publishers |-> 0]
    /\ work = [p \in Publishers |-> 0]
    /\ slots = [s \in 0 .. 1 |-> 0]
    /\ readerPc = "cursor"
    /\ seen = -1
    /\ index = 0
    /\ empty = 0

WriteSlot(p) ==           \* slots[seq] = 1 (a plain store), then publish
    /\ pc[p] = "write"
    /\ slots' = [slots EXCEPT ![seq[p]] = 1]
    /\ pc' = [pc EXCEPT ![p] = "guard"]
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, top, published, wasted, work>>
    /\ UNCHANGED <<readerPc, seen, index, empty>>

Publish(p) ==
    /\ Guard(p) \/ Park(p) \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)
    /\ UNCHANGED litmusVars

ReadCursorOnce ==         \* First, after its publish returned: c = sequencer.cursor()
    /\ pc[First] = "claim"
    /\ readerPc = "cursor"
    /\ seen' = cursor
    /\ readerPc' = IF cursor >= 0 THEN "slot" ELSE "done"
    /\ UNCHANGED <<slots, index, empty>> /\ UNCHANGED vars

ReadSlot ==               \* if (slots[i] == 0) empty++, for i in 0..c
    /\ readerPc = "slot"
    /\ empty' = IF slots[index] = 0 THEN empty + 1 ELSE empty
    /\ index' = index + 1
    /\ readerPc' = IF index + 1 > seen THEN "done" ELSE "slot"
    /\ UNCHANGED <<slots, seen>> /\ UNCHANGED vars

Finished == (\A p \in Publishers : pc[p] = "claim") /\ readerPc = "done"

LitmusNext ==
    \/ \E p \in Publishers : WriteSlot(p) \/ Publish(p)
    \/ ReadCursorOnce \/ ReadSlot
    \/ Finished /\ UNCHANGED <<vars, litmusVars>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<vars, litmusVars>>

Outcome == ToString(seen) \o ", " \o ToString(empty) \o ", " \o ToString(cursor)
=============================================================================
