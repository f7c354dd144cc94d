--------------------- MODULE AvailabilityMemoryWitnesses ---------------------
(***************************************************************************)
(* The hard cases of the availability-buffer sequencer in the weak-memory  *)
(* model, each as a witness (the method of PendingListMemoryWitnesses.tla): *)
(* an invariant saying the case never happens, which a witness run must     *)
(* violate (manifest: "expect": {"result": "reachable"}), so that a config  *)
(* that no longer reaches a batch publish or a wrapped slot fails the       *)
(* build. The layer keeps no history of reads, so a witness is the state   *)
(* just before the case's decisive step. Reach selects the witness one run *)
(* must reach; the models themselves set Reach to "none".                  *)
(***************************************************************************)
EXTENDS AvailabilityMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

Scanned == cursor + 1

\* A batch of two published whole: both flags of one batch stored, and the
\* consumer about to read its first event with its last one found.
Witness_BatchPublished ==
    Witness("BatchPublished",
        \E p \in Publishers : hi[p] > lo[p] /\ lo[p] .. hi[p] \subseteq published
                              /\ cpc = "read" /\ cnext = lo[p] /\ cursor >= hi[p])

\* A batch of two half published: the scan found its first flag, and its next
\* load is of the second, not yet stored.
Witness_ScanStopsInsideBatch ==
    Witness("ScanStopsInsideBatch",
        \E p \in Publishers :
            /\ pc[p] = "publish" /\ hi[p] > lo[p] /\ lo[p] < pos[p]
            /\ cpc = "scan" /\ Scanned = pos[p])

\* The scan's next load is of a wrapped slot that still holds the previous
\* lap's flag as its newest value: only the lap tells "not yet".
Witness_ScanSeesPreviousLap ==
    Witness("ScanSeesPreviousLap",
        cpc = "scan" /\ Lap(Scanned) >= 1 /\ M!Final(AvailLoc(Slot(Scanned))) = Lap(Scanned) - 1)

\* The consumer is about to read a slot that wrapped: the event of a later lap.
Witness_ReadsWrappedSlot ==
    Witness("ReadsWrappedSlot", cpc = "read" /\ cnext >= BufferSize)

\* A claim waits for the consumer: no value of consumed it may read frees the slot.
Witness_ClaimWaitsOnGating ==
    Witness("ClaimWaitsOnGating",
        \E p \in Publishers :
            /\ pc[p] = "gate"
            /\ \A r \in M!Reads(p, "consumed", Mode("LoadGating")) : WrapPoint(p) > r.val)

\* A claim that wraps is about to load a gating cache that lets it pass: it
\* skips the load of consumed.
Witness_CachedGatingPasses ==
    Witness("CachedGatingPasses",
        \E p \in Publishers :
            /\ pc[p] = "cache" /\ WrapPoint(p) >= 0
            /\ \E r \in M!Reads(p, "gatingCache", Mode("LoadCache")) : WrapPoint(p) <= r.val)
=============================================================================
