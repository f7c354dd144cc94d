------------------------ MODULE ShardedBufferWitnesses ------------------------
(***************************************************************************)
(* The hard cases of the sharded buffer, each as a witness: an invariant   *)
(* saying the case never happens, which the model's witness run must       *)
(* violate (manifest: "expect": {"result": "reachable"}). The model and    *)
(* its witness runs share one config, so shrinking the model until a case  *)
(* is out of reach fails the build. Reach selects the witness one run must *)
(* reach; the model's own run sets it to "none". See PendingListWitnesses. *)
(***************************************************************************)
EXTENDS ShardedBuffer

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* A shard is full: an offer is refused (returns false).
Witness_ShardFull == Witness("ShardFull", \E p \in Producers : pc[p] = "full")

\* A shard wraps to its next lap: a producer publishes into a slot that
\* already held an item (the consumer took it and released the slot).
Witness_ShardWraps == Witness("ShardWraps", \E p \in Producers : pc[p] = "publish" /\ t[p] >= C)

\* A producer loses the tail CAS: its CAS is next, and another producer of
\* the shard has moved the tail since it loaded it.
Witness_LostTailCas ==
    Witness("LostTailCas", \E p \in Producers : pc[p] = "cas" /\ tail[sh[p]] # t[p])

\* Two producers of one shard hold claimed slots, and the consumer is taking
\* an item of that shard, between the slot it frees and theirs.
Witness_TwoProducersAroundConsumer ==
    Witness("TwoProducersAroundConsumer",
        \E p, q \in Producers :
            /\ p # q /\ sh[p] = sh[q]
            /\ pc[p] \in {"write", "publish"} /\ pc[q] \in {"write", "publish"}
            /\ cs = sh[p] /\ cpc \in {"read", "clear", "release", "advance"})
=============================================================================
