---------------------------- MODULE StuckOnOneShard ----------------------------
(* BROKEN SIBLING: the consumer never moves on to another shard: it keeps  *)
(* polling the shard it started with. Items offered to other shards are      *)
(* accepted and never consumed.                                              *)
(* Caught by: EveryAcceptedItemConsumed (liveness).                          *)
(*****************************************************************************)
EXTENDS ShardedBuffer

LoadSeqNeverLeave ==        \* replaces ConsumerLoadSeq: an empty shard is polled again
    /\ cpc = "seq"
    /\ seq[cs][Index(head[cs])] = head[cs] + 1
    /\ cpc' = "read"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

AdvanceStay ==              \* replaces ConsumerAdvance: head + 1, same shard
    /\ cpc = "advance"
    /\ head' = [head EXCEPT ![cs] = @ + 1]
    /\ cpc' = "seq"
    /\ UNCHANGED <<tail, seq, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

StuckConsumer == LoadSeqNeverLeave \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ AdvanceStay

StuckNext == (\E p \in Producers : Producer(p)) \/ (StuckConsumer /\ ~AllConsumed) \/ Terminating
StuckSpec ==
    /\ Init /\ [][StuckNext]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(StuckConsumer /\ ~AllConsumed)
=============================================================================
