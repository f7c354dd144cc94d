--------------------------- MODULE EfsFullFromLimit ---------------------------
(* BROKEN SIBLING of ElementFlagShards: a producer that finds its tail at  *)
(* the shared limit reports the shard full without loading head. The limit *)
(* is a cache, stale once the consumer has moved on: the offer is refused   *)
(* with room in the shard. Caught by: OfferFailsOnlyWhenFull.              *)
(*****************************************************************************)
EXTENDS ElementFlagShards

LimitIsFull(p) ==           \* replaces LoadLimit: t >= limit means full
    /\ pc[p] = "limit"
    /\ Goto(p, IF t[p] < limit[sh[p]] THEN "cas" ELSE "full")
    /\ UNCHANGED <<tail, limit, item, sh, t, lh, sent>> /\ UNCHANGED consumerVars

CachedProducer(p) == LoadTail(p) \/ LimitIsFull(p) \/ LoadHead(p) \/ StoreLimit(p) \/ CasTail(p) \/ StoreElement(p)
CachedNext == (\E p \in Producers : CachedProducer(p)) \/ Consumer \/ Terminating
CachedSpec == Init /\ [][CachedNext]_vars
=============================================================================
