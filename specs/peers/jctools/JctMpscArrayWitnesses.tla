------------------------ MODULE JctMpscArrayWitnesses ------------------------
(***************************************************************************)
(* Witnesses of JctMpscArray.tla, in the style of                          *)
(* DisruptorMemoryWitnesses.tla: each an invariant saying a path of        *)
(* MpscArrayQueue never happens, which a witness run must violate          *)
(* (manifest: "expect": {"result": "reachable"}), so that a config that no *)
(* longer reaches the path fails the build. Reach selects the witness one  *)
(* run must reach; the others hold trivially. The models themselves set    *)
(* Reach to "none".                                                        *)
(***************************************************************************)
EXTENDS JctMpscArray

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The consumer has read a non-null element of an index of the second lap: the slot
\* wrapped (index Capacity reuses slot 0).
Witness_WrappedRead ==
    Witness("WrappedRead", cpc = "clear" /\ ci >= Capacity)

\* poll's spin: the element was null but lvProducerIndex said its index was claimed.
Witness_ConsumerSpins ==
    Witness("ConsumerSpins", cpc = "spin")

\* offer's producer-limit refresh: pIndex reached the limit, the consumer index read
\* allows the claim, and soProducerLimit is next.
Witness_LimitRefresh ==
    Witness("LimitRefresh", \E p \in Producers : pc[p] = "setlimit")

\* A full queue: an offer returned false.
Witness_QueueFull ==
    Witness("QueueFull", \E p \in Producers : refusal[p] # <<>>)

\* An offer returned false although, when it did, the consumer had completed a poll
\* that freed a slot (pi - polls < Capacity): that poll's soConsumerIndex, a lazy
\* store, was not yet what the producer's lvConsumerIndex read.
Witness_RefusedAfterPoll ==
    Witness("RefusedAfterPoll",
        \E p \in Producers : refusal[p] # <<>> /\ refusal[p][1] - refusal[p][3] < Capacity)

\* A producer about to load the consumer index (its pIndex at the limit) of an index on the second
\* lap or later has seen (happens-before) the poll that freed the slot of its index: the case
\* OfferFailsOnlyWhenFullAsSeen is about (with the telling harness, JctMpscArrayTell.cfg: the
\* consumer told it).
Witness_ToldOfFreedSlot ==
    Witness("ToldOfFreedSlot",
        \E p \in Producers : pc[p] = "cindex" /\ pi[p] >= Capacity /\ TakenAsSeen(p) + Capacity > pi[p])
=============================================================================
