--------------------- MODULE PendingListMemoryWitnesses ---------------------
(***************************************************************************)
(* The structural cases of the sequencer (specs/sequencer/manifest.json,   *)
(* "structuralCases"), each as a witness of the weak-memory model: an      *)
(* invariant saying the case never happens, which a witness run must       *)
(* violate (manifest: "expect": {"result": "reachable"}), as               *)
(* PendingListWitnesses.tla does for the sequentially consistent model.    *)
(* The memory manifest's "covers" maps each case of the design to these    *)
(* runs, so that a memory model whose constants no longer reach a path of  *)
(* the Java (batches of one only, a ring never reused) fails the build.    *)
(*                                                                         *)
(* The layer keeps no history variables, so a witness is the state just    *)
(* before the case's decisive step, where the SC witness may be a state    *)
(* after it: "the next CAS fails" for a lost CAS, "the next CAS moves the  *)
(* cursor onto s" for a drain. The cursor is only written by CASes, which  *)
(* are volatile in the Java's modes (the witness runs keep them): they     *)
(* read its newest value, M!Final("cursor") (on x86-TSO memory's, as a     *)
(* locked instruction never leaves the cursor in a buffer).               *)
(*                                                                         *)
(* Reach selects the witness one run must reach: every witness is an       *)
(* invariant of the configs that list them, and all but the selected one   *)
(* hold trivially. The models themselves set Reach to "none".              *)
(***************************************************************************)
EXTENDS PendingListMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The newest cursor: what the next volatile load or CAS of it reads.
Cursor == M!Final("cursor")
\* Inside a publish call (as PendingList.tla's InPublish).
InPublish == {"guard", "park", "read", "cas", "casbatch", "drain"}
\* The batch p claimed last (its current one while in a call).
Batch(p) == lo[p] .. seq[p]
\* Published (parked, or on the fast path) and not yet under the cursor.
Ahead(s) == s \in published /\ s > Cursor
\* p's next step is a cursor CAS that succeeds and moves the cursor over s.
Drains(p, s) == pc[p] = "cas" /\ Cursor = expected[p] /\ s \in expected[p] + 1 .. top[p]

\* q parked lo[q] ahead of an unpublished predecessor, lost its CAS and
\* returned; p's next CAS moves the cursor over q's park.
Witness_DrainedByAnother ==
    Witness("DrainedByAnother",
        \E p, q \in Publishers : p # q /\ pc[q] = "claim" /\ Drains(p, lo[q]))

\* A batch of several sequences (parked on the slow path: its publisher
\* returned without moving the cursor over it), whose end p's next CAS drains.
Witness_BatchDrainedByAnother ==
    Witness("BatchDrainedByAnother",
        \E p, q \in Publishers :
            p # q /\ pc[q] = "claim" /\ seq[q] > lo[q] /\ Drains(p, seq[q]))

\* A batch parked whole on the slow path, its one cursor load next, while the
\* cursor is already inside the batch: the load decides the CAS's expected
\* value (the window of SeqMemBatchReadCursor* and SeqMemBatchParkReleaseTso).
Witness_CursorInsideBatch ==
    Witness("CursorInsideBatch",
        \E p \in Publishers : pc[p] = "read" /\ seq[p] > lo[p] /\ lo[p] <= Cursor /\ Cursor < seq[p])

\* The fast path about to CAS the cursor over a batch of several sequences
\* (lo - 1 -> hi), while another publisher's sequence waits parked above it.
Witness_FastBatchJumpsBelowParked ==
    Witness("FastBatchJumpsBelowParked",
        \E p, q \in Publishers :
            /\ p # q /\ pc[p] = "casbatch" /\ seq[p] > lo[p] /\ Cursor = expected[p]
            /\ \E s \in Batch(q) : Ahead(s) /\ s > seq[p])

\* p took the fast path (its CAS over the batch is next) while another
\* publisher is inside publish too.
Witness_FastPathBesideOther ==
    Witness("FastPathBesideOther",
        \E p, q \in Publishers : p # q /\ pc[p] = "casbatch" /\ lo[p] > Cursor /\ pc[q] \in InPublish)

\* Two publishers' sequences published ahead of the cursor at once.
Witness_TwoParkedAtOnce ==
    Witness("TwoParkedAtOnce",
        \E p, q \in Publishers :
            p # q /\ (\E s \in Batch(p) : Ahead(s)) /\ (\E s \in Batch(q) : Ahead(s)))

\* p's next step is a cursor CAS that fails: somebody else moved the cursor.
Witness_LostCursorCas ==
    Witness("LostCursorCas", \E p \in Publishers : pc[p] = "cas" /\ Cursor # expected[p])

\* The guard holds p back (hi - cursor > PendingSize for the newest cursor)
\* while another publisher's sequence is published ahead.
Witness_GuardHoldsWhileParked ==
    Witness("GuardHoldsWhileParked",
        \E p, q \in Publishers :
            /\ p # q /\ pc[p] = "guard" /\ seq[p] - Cursor > PendingSize
            /\ \E s \in Batch(q) : Ahead(s))

\* Not wait-free: p's next CAS moves the cursor onto (or over) the
\* PendingSize-th sequence past its own batch, so the call moves it over more sequences than
\* the pending array holds (at least one of its own, then PendingSize
\* others'); the drain's pending loads have wrapped around the array.
Witness_DrainerKeepsWinning ==
    Witness("DrainerKeepsWinning",
        \E p \in Publishers :
            pc[p] = "cas" /\ Cursor = expected[p] /\ top[p] - seq[p] >= PendingSize)

\* The run drain: p's next CAS succeeds and moves the cursor over a run of
\* two or more sequences, none of them p's own, which its drain loaded
\* parked (their publishers lost their CASes).
Witness_RunDrainOverOthers ==
    Witness("RunDrainOverOthers",
        \E p \in Publishers :
            /\ pc[p] = "cas" /\ Cursor = expected[p] /\ top[p] - expected[p] >= 2
            /\ \A s \in expected[p] + 1 .. top[p] : s \notin Batch(p))

\* A claim waits for the consumer: no value of consumed it may read frees
\* the slot of its batch's hi.
Witness_RingFull ==
    Witness("RingFull",
        \E p \in Publishers :
            /\ pc[p] = "await"
            /\ \A r \in M!Reads(p, "consumed", Mode("AwaitSlot")) : seq[p] - BufferSize > r.val)

\* A claim got past its slot wait with a sequence of a later lap: its next
\* step writes the event into a ring slot that held the previous lap's event.
Witness_SlotReused ==
    Witness("SlotReused", \E p \in Publishers : pc[p] = "write" /\ pos[p] >= BufferSize)
=============================================================================
