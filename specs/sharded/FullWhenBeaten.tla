---------------------------- MODULE FullWhenBeaten ----------------------------
(* BROKEN SIBLING: an offer that finds its slot taken by another producer  *)
(* of the shard (q > t) reports "full" instead of loading the tail again.    *)
(* Caught by: OfferFailsOnlyWhenFull (action property).                      *)
(*****************************************************************************)
EXTENDS ShardedBuffer

LoadSlotSeqOrFull(p) ==     \* replaces LoadSlotSeq: anything but q = t counts as full
    /\ pc[p] = "seq"
    /\ Goto(p, IF seq[sh[p]][Index(t[p])] = t[p] THEN "cas" ELSE "full")
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

BeatenProducer(p) == LoadTail(p) \/ LoadSlotSeqOrFull(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeq(p)

BeatenNext == (\E p \in Producers : BeatenProducer(p)) \/ (Consumer /\ ~AllConsumed) \/ Terminating
BeatenSpec ==
    /\ Init /\ [][BeatenNext]_vars
    /\ \A p \in Producers : WF_vars(BeatenProducer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)
=============================================================================
