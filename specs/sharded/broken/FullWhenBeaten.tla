---------------------------- MODULE FullWhenBeaten ----------------------------
(* BROKEN SIBLING: an offer beaten to its slot by another producer of the  *)
(* shard reports "full" instead of loading the tail again: when the slot's   *)
(* sequence has moved past t (q > t), and when its tail CAS fails. The shard *)
(* may have room. (BrokenShardedBuffer.Defect.FULL_WHEN_BEATEN in Java.)     *)
(* Caught by: OfferFailsOnlyWhenFull (action property).                      *)
(*****************************************************************************)
EXTENDS ShardedBuffer

LoadSlotSeqOrFull(p) ==     \* replaces LoadSlotSeq: anything but q = t counts as full
    /\ pc[p] = "seq"
    /\ Goto(p, IF seq[sh[p]][Index(t[p])] = t[p] THEN "cas" ELSE "full")
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

CasTailOrFull(p) ==         \* replaces CasTail: a lost CAS counts as full
    /\ pc[p] = "cas"
    /\ IF tail[sh[p]] = t[p]
          THEN tail' = [tail EXCEPT ![sh[p]] = t[p] + 1] /\ Goto(p, "write")
          ELSE UNCHANGED tail /\ Goto(p, "full")
    /\ UNCHANGED <<seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

BeatenProducer(p) == LoadTail(p) \/ LoadSlotSeqOrFull(p) \/ CasTailOrFull(p) \/ WriteItem(p) \/ PublishSeq(p)

BeatenNext == (\E p \in Producers : BeatenProducer(p)) \/ (Consumer /\ ~AllConsumed) \/ Terminating
BeatenSpec ==
    /\ Init /\ [][BeatenNext]_vars
    /\ \A p \in Producers : WF_vars(BeatenProducer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)
=============================================================================
