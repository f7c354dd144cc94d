---------------------------- MODULE RacyTailClaim ----------------------------
(* BROKEN SIBLING: the tail is claimed by a plain store of t + 1 instead of *)
(* CAS(t, t + 1). Two producers of one shard that loaded the same tail both  *)
(* claim the slot; the second write overwrites the first item.               *)
(* Caught by: NoSlotOverwrite (action property) and NoAcceptedItemLost       *)
(* (invariant: the first item, accepted, is in no slot), one model each.     *)
(*****************************************************************************)
EXTENDS ShardedBuffer

StoreTail(p) ==             \* replaces CasTail: tail = t + 1, unconditionally
    /\ pc[p] = "cas"
    /\ tail' = [tail EXCEPT ![sh[p]] = t[p] + 1]
    /\ Goto(p, "write")
    /\ UNCHANGED <<seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

RacyProducer(p) == LoadTail(p) \/ LoadSlotSeq(p) \/ StoreTail(p) \/ WriteItem(p) \/ PublishSeq(p)

RacyNext == (\E p \in Producers : RacyProducer(p)) \/ (Consumer /\ ~AllConsumed) \/ Terminating
RacySpec ==
    /\ Init /\ [][RacyNext]_vars
    /\ \A p \in Producers : WF_vars(RacyProducer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)
=============================================================================
