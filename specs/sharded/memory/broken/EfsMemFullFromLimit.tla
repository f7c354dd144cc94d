------------------------- MODULE EfsMemFullFromLimit -------------------------
(* BROKEN SIBLING of ../ElementFlagMemory.tla, run with the telling       *)
(* harness (EfsMemFullFromLimit.cfg:                                       *)
(* ElementFlagMemoryTell.cfg's bounds): a producer that finds its tail at  *)
(* the shared limit returns false without loading head (the SC sibling     *)
(* ../../broken/EfsFullFromLimit.tla, BrokenElementFlagShardedBuffer's     *)
(* FULL_FROM_LIMIT). The limit is a cache of an older head: a take that    *)
(* happens before the offer (the consumer told the producer) goes unseen.  *)
(* Caught by OfferFailsOnlyWhenFullAsSeen, which a fresh load of head, in  *)
(* any mode, always holds.                                                 *)
(***************************************************************************)
EXTENDS ElementFlagMemoryWitnesses

(* replaces LoadLimit: t >= limit means full *)
LimitIsFull(p) ==
    /\ pc[p] = "limit"
    /\ \E r \in M!Reads(p, "limit", Mode("LoadLimit")) :
          M!Load(p, "limit", Mode("LoadLimit"), r) /\ Goto(p, IF t[p] < r.val THEN "cas" ELSE "full")
    /\ UNCHANGED <<t, lh, sent, placed>> /\ UNCHANGED consumerVars

FromLimitProducer(p) ==
    \/ WriteField(p) \/ LoadTail(p) \/ LimitIsFull(p) \/ LoadHead(p) \/ StoreLimit(p)
    \/ CasTail(p) \/ StoreElement(p) \/ ProducerHear(p)

FromLimitNext ==
    \/ \E p \in Producers : FromLimitProducer(p)
    \/ ConsumerLoadElement \/ ConsumerLoadTail \/ ConsumerClear \/ ConsumerAdvance \/ ReadField
    \/ ConsumerTell
    \/ \E x \in Producers \cup {Consumer} : Flush(x)
    \/ Done /\ UNCHANGED vars

FromLimitSpec == Init /\ [][FromLimitNext]_vars
=============================================================================
