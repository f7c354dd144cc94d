-------------------- MODULE AvailabilitySequencerWitnesses --------------------
(***************************************************************************)
(* The hard cases of the availability-buffer sequencer, each as a witness  *)
(* (the method of PendingListWitnesses.tla): an invariant saying the case  *)
(* never happens, which the witness run must violate (manifest: "expect": *)
(* {"result": "reachable"}), so that the model's constants are shown to    *)
(* reach it. The model and its witness runs share one config.             *)
(*                                                                         *)
(* Reach selects the witness one run must reach: every witness is an       *)
(* invariant of the config, and all but the selected one hold trivially.  *)
(* The model's own run (all properties checked) sets Reach to "none".      *)
(***************************************************************************)
EXTENDS AvailabilitySequencer

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The sequence the consumer's next IsAvailable checks.
Scanned == cursor + 1

\* The ring wrapped twice: a flag of the third lap was stored.
Witness_WrapsTwice == Witness("WrapsTwice", \E s \in published : Lap(s) >= 2)

\* The scan's next load finds the slot's flag at the previous lap: the
\* sequence is claimed (or not yet) and unpublished, its slot's flag still
\* says the previous lap's sequence was published. Here, and only here, the
\* lap is what tells "not yet" from "published"; on the second wrap or later
\* (lap 2 expected, flag 1), so that a flag of lap parity alone is tried too.
Witness_ScanSeesPreviousLap ==
    Witness("ScanSeesPreviousLap",
        cpc = "scan" /\ Lap(Scanned) >= 2 /\ availableBuffer[Slot(Scanned)] = Lap(Scanned) - 1)

\* A batch of several sequences half published: its publisher has stored the
\* first flag(s), the rest are to come, and the consumer's scan has found the
\* published part: its next load stops inside the batch.
Witness_ScanStopsInsideBatch ==
    Witness("ScanStopsInsideBatch",
        \E p \in Publishers :
            /\ pc[p] = "publish" /\ hi[p] > lo[p] /\ lo[p] < pos[p]
            /\ cpc = "scan" /\ Scanned = pos[p])

\* The scan's next load stops at a gap while a later sequence is already
\* published (publication out of claim order): the cursor waits below it.
Witness_ScanStopsAtGap ==
    Witness("ScanStopsAtGap",
        cpc = "scan" /\ Scanned \notin published /\ \E s \in published : s > Scanned)

\* A claim waits on the gating sequence: its slot still holds an unconsumed event.
Witness_ClaimWaitsOnGating ==
    Witness("ClaimWaitsOnGating", \E p \in Publishers : pc[p] = "gate" /\ WrapPoint(p) > consumed)

\* A claim that wraps passes on the cache, without loading the gating
\* sequence, on a value that a claimer stored (the gating load of an earlier claim).
Witness_CachedGatingPasses ==
    Witness("CachedGatingPasses",
        \E p \in Publishers : pc[p] = "cache" /\ WrapPoint(p) >= 0 /\ WrapPoint(p) <= gatingCache)
=============================================================================
