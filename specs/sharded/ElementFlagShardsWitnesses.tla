---------------------- MODULE ElementFlagShardsWitnesses ----------------------
(***************************************************************************)
(* The hard cases of the element-flag shards, each as a witness: an        *)
(* invariant saying the case never happens, which the model's witness run *)
(* must violate (manifest: "expect": {"result": "reachable"}). The model   *)
(* and its witness runs share one config; Reach selects the witness one    *)
(* run must reach, "none" for the model's own run (as ShardedBufferWitnesses).*)
(***************************************************************************)
EXTENDS ElementFlagShards

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* A shard is full: an offer is refused (returns false).
Witness_ShardFull == Witness("ShardFull", \E p \in Producers : pc[p] = "full")

\* A shard wraps to its next lap: a producer stores into a slot that already
\* held an element (the consumer took it, cleared it and moved head past it).
Witness_ShardWraps == Witness("ShardWraps", \E p \in Producers : pc[p] = "store" /\ t[p] >= C)

\* A producer loses the tail CAS to another producer of its shard.
Witness_LostTailCas ==
    Witness("LostTailCas", \E p \in Producers : pc[p] = "cas" /\ tail[sh[p]] # t[p])

\* The consumer finds a claimed slot whose element is not yet stored: it
\* loaded null, and the tail says a producer has the slot (it will spin).
Witness_ClaimedNotStored ==
    Witness("ClaimedNotStored", cpc = "ctail" /\ head[cs] # tail[cs])

\* A drain moves on from a slot a producer has claimed and not yet stored,
\* without loading the tail (the relaxed drain): a later visit must take it.
Witness_DrainMovesOnFromClaimed == Witness("DrainMovesOnFromClaimed", movedOn)

\* The shared limit is used up and a producer reloads head, after the
\* consumer has freed a slot: it stores a higher limit.
Witness_LimitRaised ==
    Witness("LimitRaised", \E p \in Producers : pc[p] = "storelimit" /\ lh[p] + C > limit[sh[p]])
=============================================================================
