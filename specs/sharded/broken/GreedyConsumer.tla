---------------------------- MODULE GreedyConsumer ----------------------------
(* BROKEN SIBLING (of ShardedBufferForever): the consumer has no batch limit: *)
(* it stays on a shard for as long as it finds an item there, and moves on    *)
(* only when the shard is empty. A producer that keeps its shard non-empty    *)
(* keeps the consumer there forever, and the items of every other shard wait  *)
(* forever. Caught by: NoShardStarves (liveness).                             *)
(*****************************************************************************)
EXTENDS ShardedBufferForever

AdvanceStayWhileNonEmpty ==  \* replaces ConsumerAdvanceLap: head + 1, same shard, no batch count
    /\ cpc = "advance"
    /\ AdvanceHead(cs)
    /\ cpc' = "seq"
    /\ UNCHANGED <<cs, taken>>
    /\ UNCHANGED <<item, got, sent, received>> /\ UNCHANGED <<pc, sh>>

GreedyConsumer == ConsumerLoadSeq \/ ReadItemForever \/ ConsumerClear \/ ConsumerRelease \/ AdvanceStayWhileNonEmpty

GreedyNext == (\E p \in Producers : ProducerForever(p)) \/ GreedyConsumer
GreedySpec ==
    /\ Init /\ [][GreedyNext]_vars
    /\ \A p \in Producers : WF_vars(ProducerForever(p))
    /\ WF_vars(GreedyConsumer)
=============================================================================
