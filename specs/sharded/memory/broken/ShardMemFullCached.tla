------------------------- MODULE ShardMemFullCached -------------------------
(* BROKEN SIBLING of ../ShardMemory.tla, run with the telling harness     *)
(* (ShardMemFullCached.cfg: ShardMemoryTell.cfg's                          *)
(* bounds): a producer whose offer returned false, and whose next offer    *)
(* loads the same tail, returns false again without loading the slot's     *)
(* sequence (a "fail fast" cache of the verdict). A take that happens      *)
(* before that offer (the consumer freed the slot, then told the producer) *)
(* goes unseen: the offer is refused with room it knows of. Caught by      *)
(* OfferFailsOnlyWhenFullAsSeen, which a fresh load of the sequence, in    *)
(* any mode, always holds.                                                 *)
(***************************************************************************)
EXTENDS ShardMemoryWitnesses

(* replaces LoadTail: after a refused offer, a tail equal to the one refused (t, still its local) *)
(* skips the slot's sequence ("cached")                                                           *)
LoadTailCached(p) ==
    /\ pc[p] \in {"tail", "full"}
    /\ \E r \in M!Reads(p, "tail", Mode("LoadTail")) :
          /\ M!Load(p, "tail", Mode("LoadTail"), r)
          /\ t' = [t EXCEPT ![p] = r.val]
          /\ Goto(p, IF pc[p] = "full" /\ r.val = t[p] THEN "cached" ELSE "seq")
    /\ UNCHANGED <<sent, placed>> /\ UNCHANGED consumerVars

(* the cached verdict: offer returns false, no memory access *)
RefuseAgain(p) ==
    /\ pc[p] = "cached"
    /\ Goto(p, "full")
    /\ UNCHANGED <<memVars, t, sent, placed>> /\ UNCHANGED consumerVars

CachedProducer(p) ==
    LoadTailCached(p) \/ RefuseAgain(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeq(p)
    \/ ProducerHear(p)

CachedNext ==
    \/ \E p \in Producers : CachedProducer(p)
    \/ ConsumerLoadSeq \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvance
    \/ ConsumerTell
    \/ \E x \in Producers \cup {Consumer} : Flush(x)
    \/ Done /\ UNCHANGED vars

CachedSpec == Init /\ [][CachedNext]_vars
=============================================================================
