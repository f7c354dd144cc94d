------------------------ MODULE DisruptorMemoryWitnesses ------------------------
(***************************************************************************)
(* Witnesses of DisruptorMemory.tla, in the style of                       *)
(* PendingListMemoryWitnesses.tla: each an invariant saying a path of the  *)
(* Disruptor never happens, which a witness run must violate (manifest:    *)
(* "expect": {"result": "reachable"}), so that a config that no longer     *)
(* reaches the path (a ring never wrapped, producers never racing) fails   *)
(* the build. Reach selects the witness one run must reach; the others     *)
(* hold trivially. The models themselves set Reach to "none".              *)
(***************************************************************************)
EXTENDS DisruptorMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

InFlight(p) == pc[p] \in {"cache", "gate", "setcache", "write", "publish"}

\* The consumer is about to read a slot that wrapped: the event of a later lap.
Witness_ReadsWrappedSlot ==
    Witness("ReadsWrappedSlot", cpc = "read" /\ cnext >= BufferSize)

\* Two producers race: both have claimed, neither has published all of its claim.
Witness_ProducersRace ==
    Witness("ProducersRace", \E p, q \in Producers : p # q /\ InFlight(p) /\ InFlight(q))

\* A later sequence is published while an earlier one, claimed by another producer,
\* is not: publication out of claim order.
Witness_PublishedOutOfOrder ==
    Witness("PublishedOutOfOrder",
        \E s, t \in Seqs : s < t /\ t \in published /\ s \notin published
                           /\ \E p \in Producers : InFlight(p) /\ s \in lo[p] .. hi[p])

\* The consumer's scan of availableBuffer is about to stop at a gap: the cursor it
\* read covers a sequence whose publication has not happened.
Witness_ScanStopsAtGap ==
    Witness("ScanStopsAtGap", cpc = "scan" /\ chigh \notin published)

\* A claim waits for the consumer: no value of its gating sequence it may read frees
\* the slot (next's parkNanos loop).
Witness_RingFull ==
    Witness("RingFull",
        \E p \in Producers :
            /\ pc[p] = "gate"
            /\ \A r \in M!Reads(p, "gating", Mode("LoadGating")) :
                  WrapPoint(p) > Min(Current(p), r.val))

\* The cache is ahead of a producer's claim (cached > current): another producer
\* stored it after a later claim; this producer's next step reads it.
Witness_CacheAheadOfClaim ==
    Witness("CacheAheadOfClaim", \E p \in Producers : pc[p] = "cache" /\ M!Final("cache") > Current(p))

\* A batch of several sequences (next(n), n > 1) is published whole and the consumer
\* is about to read its last event in the same pass as its first (DisruptorMemoryBatch.cfg).
Witness_BatchPublished ==
    Witness("BatchPublished",
        \E p \in Producers : hi[p] > lo[p] /\ lo[p] .. hi[p] \subseteq published
                           /\ cpc = "read" /\ cnext = lo[p] /\ chigh >= hi[p])
=============================================================================
