----------------------- MODULE CursorReaderMemoryLitmus -----------------------
(* The jcstress test io.github.uncontended.sequencer.CursorReaderTest under  *)
(* the memory layer, with the Java's access modes (the SC litmus model is    *)
(* specs/sequencer/litmus/CursorReaderLitmus.tla): the constructor claims 0 *)
(* (First) and 1 (Second); each actor writes its slot (a plain store: the    *)
(* test's int[], here the event slots) and publishes; First then loads the   *)
(* cursor (cursor(): the consumer's acquire load, step ConsumerWait) and the *)
(* slots up to it (plain), counting empty ones; the arbiter reads the cursor.*)
(* Outcome: "<cursor seen>, <empty slots seen>, <final cursor>".             *)
(*****************************************************************************)
EXTENDS PendingListMemory

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second

VARIABLES
    phase,      \* "build", "run", "arbiter"
    readerPc,   \* First's reads after its publish: "cursor", "slot", "done"
    seen,       \* the cursor value it loaded
    index,      \* the next slot it loads
    empty       \* empty slots it found under the cursor

litmusVars == <<phase, readerPc, seen, index, empty>>
others == <<lo, pos, expected, top, cpc, cnext, got, published>>

LitmusInit == Init /\ phase = "build" /\ readerPc = "cursor" /\ seen = -1 /\ index = 0 /\ empty = 0

Build ==
    /\ phase = "build"
    /\ \/ pc[First] = "claim" /\ Claim(First)
       \/ pc[First] = "await" /\ AwaitSlot(First)
       \/ pc[First] = "write" /\ pc[Second] = "claim" /\ Claim(Second)
       \/ pc[Second] = "await" /\ AwaitSlot(Second)
    /\ UNCHANGED litmusVars

Start ==
    /\ phase = "build" /\ pc[First] = "write" /\ pc[Second] = "write"
    /\ M!SyncAll /\ phase' = "run"
    /\ UNCHANGED <<pc, seq, readerPc, seen, index, empty>> /\ UNCHANGED others

\* slots[seq] = 1 and publish(seq): WriteEvent writes the slot, then the publish steps.
Act(p) ==
    /\ phase = "run"
    /\ (WriteEvent(p) \/ Guard(p) \/ Park(p) \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p))
    /\ UNCHANGED litmusVars

\* First, after its publish returned: c = sequencer.cursor()
ReadTheCursor ==
    /\ phase = "run" /\ pc[First] = "claim" /\ seq[First] = 0 /\ readerPc = "cursor"
    /\ \E r \in M!Reads(First, "cursor", Mode("ConsumerWait")) :
          /\ M!Load(First, "cursor", Mode("ConsumerWait"), r)
          /\ seen' = r.val
          /\ readerPc' = IF r.val >= 0 THEN "slot" ELSE "done"
    /\ UNCHANGED <<phase, index, empty, pc, seq>> /\ UNCHANGED others

\* if (slots[i] == 0) empty++, for i in 0..c (a slot not yet written holds -1 here)
ReadSlot ==
    /\ readerPc = "slot"
    /\ \E r \in M!Reads(First, EventLoc(index % BufferSize), Mode("ReadEvent")) :
          /\ M!Load(First, EventLoc(index % BufferSize), Mode("ReadEvent"), r)
          /\ empty' = IF r.val = -1 THEN empty + 1 ELSE empty
    /\ index' = index + 1
    /\ readerPc' = IF index + 1 > seen THEN "done" ELSE "slot"
    /\ UNCHANGED <<phase, seen, pc, seq>> /\ UNCHANGED others

Returned == phase = "run" /\ (\A p \in Publishers : pc[p] = "claim") /\ readerPc = "done"

Arbiter ==
    /\ Returned /\ M!SyncAll /\ phase' = "arbiter"
    /\ UNCHANGED <<readerPc, seen, index, empty, pc, seq>> /\ UNCHANGED others

Finished == phase = "arbiter"

LitmusNext ==
    \/ Build \/ Start \/ (\E p \in Publishers : Act(p)) \/ ReadTheCursor \/ ReadSlot \/ Arbiter
    \/ \E t \in Publishers \cup {Consumer} : Flush(t) /\ UNCHANGED litmusVars
    \/ Finished /\ UNCHANGED <<vars, litmusVars>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<vars, litmusVars>>

Outcome == ToString(seen) \o ", " \o ToString(empty) \o ", " \o ToString(M!Final("cursor"))
=============================================================================
