------------------------- MODULE PendingListWitnesses -------------------------
(***************************************************************************)
(* The hard cases of the pending-list sequencer, each as a witness: an     *)
(* invariant saying the case never happens. A model proves things only     *)
(* about the states it visits; a model's witness run must violate the      *)
(* witness (manifest: "expect": {"result": "reachable"}), which shows that  *)
(* the model's constants reach the case. The model and its witness runs    *)
(* share one config, so shrinking the model until a case is out of reach   *)
(* fails the build.                                                        *)
(*                                                                         *)
(* Reach selects the witness one run must reach: every witness is an       *)
(* invariant of the config, and all but the selected one hold trivially.  *)
(* The model's own run (all properties checked) sets Reach to "none".      *)
(***************************************************************************)
EXTENDS PendingList

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The batch p claimed last (its current one while in a call).
Batch(p) == lo[p] .. seq[p]
\* Parked and not yet under the cursor: a live pending entry.
Ahead(s) == s \in published /\ s > cursor

\* Three publishers inside publish at once.
Witness_ThreePublishersActive ==
    Witness("ThreePublishersActive", Cardinality({p \in Publishers : pc[p] \in InPublish}) = 3)

\* p's next step is a CAS that succeeds and moves the cursor over s.
Drains(p, s) == pc[p] = "cas" /\ cursor = expected[p] /\ s \in expected[p] + 1 .. top[p]

\* Publisher q parked lo[q] while the cursor was below lo[q] - 1 (out of order),
\* lost its CAS and returned; publisher p now moves the cursor over it.
\* (q's CAS expected at least lo[q] - 1, and the cursor is only now passing
\* lo[q] - 1, so q's CAS failed because the cursor was behind: the park was
\* out of order.)
Witness_DrainedByAnother ==
    Witness("DrainedByAnother",
        \E p, q \in Publishers : p # q /\ pc[q] = "claim" /\ Drains(p, lo[q]))

\* Two publishers' sequences parked ahead of the cursor at once.
Witness_TwoParkedAtOnce ==
    Witness("TwoParkedAtOnce",
        \E p, q \in Publishers :
            p # q /\ (\E s \in Batch(p) : Ahead(s)) /\ (\E s \in Batch(q) : Ahead(s)))

\* The guard holds p back while another publisher's sequence is parked ahead.
Witness_GuardHoldsWhileParked ==
    Witness("GuardHoldsWhileParked",
        \E p, q \in Publishers :
            /\ p # q /\ pc[p] = "guard" /\ seq[p] - cursor > PendingSize
            /\ \E s \in Batch(q) : Ahead(s))

\* The ring is full: a claim waits for the consumer to free its slot.
Witness_RingFull ==
    Witness("RingFull", \E p \in Publishers : pc[p] = "await" /\ seq[p] - BufferSize > consumed)

\* A publisher lost the cursor CAS (and so returned at once).
Witness_LostCursorCas == Witness("LostCursorCas", \E p \in Publishers : wasted[p] > 0)

\* A batch of several sequences, the end of which another publisher drains
\* after the batch's publisher returned.
Witness_BatchDrainedByAnother ==
    Witness("BatchDrainedByAnother",
        \E p, q \in Publishers :
            p # q /\ pc[q] = "claim" /\ seq[q] > lo[q] /\ Drains(p, seq[q]))

\* p took the fast path (published its batch without parks, and its CAS is
\* next) while another publisher is inside publish too: the fast path is not
\* only the single-publisher case.
FastPending(p) == pc[p] = "casbatch" /\ lo[p] \in published /\ pending[Slot(lo[p])] # lo[p] /\ lo[p] > cursor
Witness_FastPathBesideOther ==
    Witness("FastPathBesideOther",
        \E p, q \in Publishers : p # q /\ FastPending(p) /\ pc[q] \in InPublish)

\* A batch of several sequences on the fast path, about to move the cursor
\* over all of it with one CAS, while another publisher's sequence waits
\* parked above the batch (its publisher lost its CAS): the fast path's
\* drain from hi + 1 is what makes it visible.
Witness_FastBatchJumpsBelowParked ==
    Witness("FastBatchJumpsBelowParked",
        \E p, q \in Publishers :
            /\ p # q /\ FastPending(p) /\ seq[p] > lo[p] /\ cursor = expected[p]
            /\ \E s \in Batch(q) : Ahead(s) /\ s > seq[p] /\ pending[Slot(s)] = s)

\* A claim got past its slot wait with a sequence of a later lap: its ring
\* slot is reused (the consumer has freed it), and the event written there
\* replaces the previous lap's.
Witness_SlotReused ==
    Witness("SlotReused", \E p \in Publishers : pc[p] \in InPublish /\ seq[p] >= BufferSize)

\* A batch parked whole on the slow path, its cursor load next, while the
\* cursor is already inside the batch (another publisher drained its first
\* parks): the load decides the CAS's expected value, max(lo - 1, c) = c.
Witness_CursorInsideBatch ==
    Witness("CursorInsideBatch",
        \E p \in Publishers : pc[p] = "read" /\ seq[p] > lo[p] /\ lo[p] <= cursor /\ cursor < seq[p])

\* The run drain: p's next step is a CAS that succeeds and moves the cursor
\* over a run of two or more sequences, none of them p's own: its drain found
\* them parked by others, who lost their CASes, and one CAS covers them all.
Witness_RunDrainOverOthers ==
    Witness("RunDrainOverOthers",
        \E p \in Publishers :
            /\ pc[p] = "cas" /\ cursor = expected[p] /\ top[p] - expected[p] >= 2
            /\ \A s \in expected[p] + 1 .. top[p] : s \notin Batch(p))

\* Not wait-free: one publish call moves the cursor over more sequences than
\* the pending array can hold at once, because others keep parking ahead.
Witness_DrainerKeepsWinning ==
    Witness("DrainerKeepsWinning", \E p \in Publishers : work[p] > PendingSize)
=============================================================================
