---------------------------- MODULE RandomShard ----------------------------
(* BROKEN SIBLING: each offer picks a shard at random (the "stack address"  *)
(* trick: perfect load spread, no stable map). Two items of one producer land *)
(* in different shards, and the round-robin consumer can take the later one  *)
(* first. Caught by: PerProducerFIFO (invariant) and Refinement.              *)
(*****************************************************************************)
EXTENDS ShardedBuffer

LoadTailAnyShard(p) ==      \* replaces LoadTail: any shard, chosen per offer
    /\ pc[p] \in {"tail", "full"}
    /\ \E s \in Shards : sh' = [sh EXCEPT ![p] = s] /\ t' = [t EXCEPT ![p] = tail[s]]
    /\ Goto(p, "seq")
    /\ UNCHANGED <<tail, seq, item, sent>> /\ UNCHANGED consumerVars

RandomProducer(p) == LoadTailAnyShard(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeq(p)

(* The consumer's disjuncts are listed one by one, so that TLC labels each  *)
(* step with its action: only ConsumerLoadSeq can start once everything is  *)
(* consumed (AllConsumed needs cpc = "seq"), so only it carries the guard.  *)
ConsumerLoadSeqWhileItems == ~AllConsumed /\ ConsumerLoadSeq

RandomNext == (\E p \in Producers : RandomProducer(p)) \/ ConsumerLoadSeqWhileItems \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvance \/ Terminating
RandomSpec ==
    /\ Init /\ [][RandomNext]_vars
    /\ \A p \in Producers : WF_vars(RandomProducer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)
=============================================================================
