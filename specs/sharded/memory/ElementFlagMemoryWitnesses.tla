-------------------- MODULE ElementFlagMemoryWitnesses --------------------
(***************************************************************************)
(* The hard cases of the element-flag shard (../ElementFlagShardsWitnesses *)
(* .tla under SC), each as a witness of the weak-memory model              *)
(* ElementFlagMemory.tla: an invariant saying the case never happens,      *)
(* which a witness run must violate (manifest: "expect": {"result":        *)
(* "reachable"}). The memory manifest's "covers" maps each structural case *)
(* of the design (the Efs cases) to these runs. The layer keeps no        *)
(* history of reads, so a witness is the state just before the case's     *)
(* decisive step.                                                          *)
(* The tail is only written by CASes, which on x86-TSO write memory at     *)
(* once: the newest tail, M!Final("tail"), is what a next load may read    *)
(* under both strengths. Reach selects the witness one run must reach; the *)
(* models themselves set it to "none".                                     *)
(***************************************************************************)
EXTENDS ElementFlagMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The shard is full: an offer returned false (the producer offers again).
Witness_ShardFull == Witness("ShardFull", \E p \in Producers : pc[p] = "full")

\* The shard wraps: a producer is about to store into a slot of the next lap
\* (the consumer took the slot's element, cleared it and moved head past it).
Witness_ShardWraps == Witness("ShardWraps", \E p \in Producers : pc[p] = "store" /\ t[p] >= C)

\* A producer's next step is a tail CAS that fails: another producer of the
\* shard moved the tail since it loaded it.
Witness_LostTailCas ==
    Witness("LostTailCas", \E p \in Producers : pc[p] = "cas" /\ M!Final("tail") # t[p])

\* The consumer loaded null at a slot a producer has claimed and not yet
\* stored: its next load of the tail can say so, and it loads the element again.
Witness_ClaimedNotStored ==
    Witness("ClaimedNotStored", cpc = "ctail" /\ h # M!Final("tail") /\ h \notin DOMAIN placed)

\* A drain loaded null at a slot a producer has claimed and not yet stored,
\* and moved on without loading the tail: its next load is the element's.
Witness_DrainMovesOnFromClaimed ==
    Witness("DrainMovesOnFromClaimed", cpc = "next" /\ h # M!Final("tail") /\ h \notin DOMAIN placed)

\* The shared limit was used up and the producer loaded head, which the
\* consumer has moved past the limit: it is about to store a higher limit.
Witness_LimitRaised ==
    Witness("LimitRaised", \E p \in Producers : pc[p] = "storelimit" /\ lh[p] + C > M!Final("limit"))

\* A claim of the next lap is about to load a limit another producer stored
\* that lets it pass: it claims the slot without loading head, so only the
\* limit's store and load order it after the consumer's clear of the slot.
Witness_CachedLimitPasses ==
    Witness("CachedLimitPasses",
        \E p \in Producers :
            /\ pc[p] = "limit" /\ t[p] >= C
            /\ \E r \in M!Reads(p, "limit", Mode("LoadLimit")) : t[p] < r.val /\ r.val > C)

\* A producer that found the limit used up, about to load head, may read it low enough to return
\* false, though the consumer's poll that freed the slot has returned (h counts the polls
\* returned): on x86-TSO the head store may still be in the consumer's store buffer, on weak
\* hardware the release store not yet what the acquire load reads. A take racing an offer may be
\* unseen on any hardware.
Witness_RefusedAfterTake ==
    Witness("RefusedAfterTake",
        \E p \in Producers :
            /\ pc[p] = "head" /\ t[p] < h + C
            /\ \E r \in M!Reads(p, "head", Mode("LoadHead")) : t[p] >= r.val + C)

\* A producer that found the limit used up, about to load head to decide whether the shard is full,
\* has seen (happens-before) the take that freed the slot of its index: the case
\* OfferFailsOnlyWhenFullAsSeen is about (with the telling harness, ElementFlagMemoryTell.cfg: the
\* consumer told it).
Witness_ToldOfFreedSlot ==
    Witness("ToldOfFreedSlot", \E p \in Producers : pc[p] = "head" /\ t[p] >= C /\ TakenAsSeen(p) + C > t[p])
=============================================================================
