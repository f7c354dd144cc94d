----------------------- MODULE ShardMemoryWitnesses -----------------------
(***************************************************************************)
(* The structural cases of the sharded buffer (specs/sharded/manifest.json, *)
(* "structuralCases") that one shard shows, each as a witness of the weak-  *)
(* memory model ShardMemory.tla: an invariant saying the case never        *)
(* happens, which a witness run must violate (manifest: "expect":          *)
(* {"result": "reachable"}), as ShardedBufferWitnesses.tla does for the    *)
(* sequentially consistent model. The memory manifest's "covers" maps each *)
(* case of the design to these runs. The tail is only written by CASes,    *)
(* volatile in the Java's modes (the witness runs keep them): they read    *)
(* its newest value, M!Final("tail"). Reach selects the witness one run    *)
(* must reach; the models themselves set it to "none".                     *)
(***************************************************************************)
EXTENDS ShardMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The shard is full: an offer returned false (the producer offers again).
Witness_ShardFull == Witness("ShardFull", \E p \in Producers : pc[p] = "full")

\* The shard wraps: a producer publishes into a slot of the next lap (the
\* consumer took the slot's previous item and released the slot).
Witness_ShardWraps == Witness("ShardWraps", \E p \in Producers : pc[p] = "publish" /\ t[p] >= C)

\* A producer's next step is a tail CAS that fails: another producer of the
\* shard moved the tail since it loaded it.
Witness_LostTailCas ==
    Witness("LostTailCas", \E p \in Producers : pc[p] = "cas" /\ M!Final("tail") # t[p])

\* Two producers of the shard hold claimed slots while the consumer is taking
\* an item of the shard.
Witness_TwoProducersAroundConsumer ==
    Witness("TwoProducersAroundConsumer",
        \E p, q \in Producers :
            /\ p # q
            /\ pc[p] \in {"write", "publish"} /\ pc[q] \in {"write", "publish"}
            /\ cpc \in {"read", "clear", "release", "advance"})

\* A producer about to load the sequence of its slot may read it below t and return false, though
\* the consumer's poll that freed the slot has returned (h counts the polls returned): on x86-TSO
\* the free may still be in the consumer's store buffer, on weak hardware the release store not
\* yet what the acquire load reads. A take racing an offer may be unseen on any hardware.
Witness_RefusedAfterTake ==
    Witness("RefusedAfterTake",
        \E p \in Producers :
            /\ pc[p] = "seq" /\ t[p] < h + C
            /\ \E r \in M!Reads(p, SeqLoc(t[p] % C), Mode("LoadSlotSeq")) : r.val < t[p])

\* A producer about to load the sequence of a slot on its second lap or later has seen (happens-before)
\* the take that freed the slot's previous lap: the case OfferFailsOnlyWhenFullAsSeen is about (with
\* the telling harness, ShardMemoryTell.cfg: the consumer told it).
Witness_ToldOfFreedSlot ==
    Witness("ToldOfFreedSlot", \E p \in Producers : pc[p] = "seq" /\ t[p] >= C /\ TakenAsSeen(p) + C > t[p])
=============================================================================
