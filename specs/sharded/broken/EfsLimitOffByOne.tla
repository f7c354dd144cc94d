--------------------------- MODULE EfsLimitOffByOne ---------------------------
(* BROKEN SIBLING of ElementFlagShards: the shared limit is one too high   *)
(* (h + C + 1, the off-by-one of a mask taken for a capacity). A producer  *)
(* passes the cached limit into a slot the consumer has not taken yet and  *)
(* stores over its element. Caught by: NoSlotOverwrite (action property). *)
(*****************************************************************************)
EXTENDS ElementFlagShards

StoreLimitPlusOne(p) ==     \* replaces StoreLimit
    /\ pc[p] = "storelimit"
    /\ limit' = [limit EXCEPT ![sh[p]] = lh[p] + C + 1]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<tail, item, sh, t, lh, sent>> /\ UNCHANGED consumerVars

OffProducer(p) == LoadTail(p) \/ LoadLimit(p) \/ LoadHead(p) \/ StoreLimitPlusOne(p) \/ CasTail(p) \/ StoreElement(p)
OffNext == (\E p \in Producers : OffProducer(p)) \/ Consumer \/ Terminating
OffSpec == Init /\ [][OffNext]_vars
=============================================================================
