------------------------- MODULE ShardedBufferTrace -------------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.sharded.ShardedBuffer against *)
(* ShardedBuffer.tla: TLC checks that a recorded execution of the Java     *)
(* code is a behaviour of the spec.                                        *)
(*                                                                         *)
(* Producers are threads 1..P (the recording test maps producer p to shard *)
(* p & (S - 1), the spec's ShardOf); the consumer is thread ConsumerThread. *)
(* Each producer offers items p * 1000 + 1, p * 1000 + 2, ... in order and *)
(* offers an item again after its offer found the shard full, as the spec's *)
(* producers do; an item is recorded as that number (0: an empty slot),    *)
(* the spec's <<p, k>>.                                                    *)
(*                                                                         *)
(* Events, each named for the spec action it must match (values equal to  *)
(* the spec's):                                                            *)
(*   LoadTail shard tail                  LoadTail(p)                      *)
(*   LoadSlotSeq shard index seq          LoadSlotSeq(p)                   *)
(*   CasTail shard expected ok            CasTail(p)                       *)
(*   WriteItem shard index item           WriteItem(p)                     *)
(*   PublishSeq shard index seq           PublishSeq(p)                    *)
(*   ConsumerLoadSeq shard index seq      ConsumerLoadSeq                  *)
(*   ConsumerReadItem shard index item    ConsumerReadItem                 *)
(*   ConsumerClear shard index            ConsumerClear                    *)
(*   ConsumerRelease shard index seq      ConsumerRelease                  *)
(*   ConsumerAdvance shard head           ConsumerAdvance                  *)
(*   Reject shard                         nothing changes; logged by the   *)
(*                                        recording's producer after its   *)
(*                                        offer returned false (the result *)
(*                                        Channels.tla names Reject), so   *)
(*                                        the spec must be at "full"       *)
(* A true result of an offer is the PublishSeq it returns after; a false   *)
(* one is the Reject that follows: an offer that returned false anywhere   *)
(* but at a full shard (a "full when beaten", say) is rejected there.      *)
(* Accepted iff TLC violates TraceNotFullyReplayed (see PendingListTrace). *)
(***************************************************************************)
EXTENDS ShardedBuffer, Sequences, TLC

CONSTANTS Trace, ConsumerThread

VARIABLE l

TraceInit == Init /\ l = 1

E == Trace[l]
p == E.t
ItemOf(n) == IF n = 0 THEN None ELSE <<n \div 1000, n % 1000>>
Producing == E.t # ConsumerThread

MatchLoadTail ==
    /\ E.a = "LoadTail" /\ Producing /\ ShardOf(p) = E.shard /\ tail[E.shard] = E.tail
    /\ LoadTail(p)
MatchLoadSlotSeq ==
    /\ E.a = "LoadSlotSeq" /\ Producing /\ sh[p] = E.shard /\ t[p] = E.index
    /\ seq[sh[p]][Index(t[p])] = E.seq
    /\ LoadSlotSeq(p)
MatchCasTail ==
    /\ E.a = "CasTail" /\ sh[p] = E.shard /\ t[p] = E.expected /\ (tail[sh[p]] = t[p]) = (E.ok = 1)
    /\ CasTail(p)
MatchWriteItem ==
    /\ E.a = "WriteItem" /\ sh[p] = E.shard /\ t[p] = E.index /\ Next1(p) = ItemOf(E.item)
    /\ WriteItem(p)
MatchPublishSeq ==
    /\ E.a = "PublishSeq" /\ Producing /\ sh[p] = E.shard /\ t[p] = E.index /\ E.seq = t[p] + 1
    /\ PublishSeq(p)
MatchReject ==
    /\ E.a = "Reject" /\ Producing /\ pc[p] = "full" /\ sh[p] = E.shard
    /\ UNCHANGED vars

AtHead == cs = E.shard /\ head[cs] = E.index
MatchConsumerLoadSeq ==
    /\ E.a = "ConsumerLoadSeq" /\ ~Producing /\ AtHead /\ seq[cs][Index(head[cs])] = E.seq
    /\ ConsumerLoadSeq
MatchConsumerReadItem ==
    /\ E.a = "ConsumerReadItem" /\ AtHead /\ item[cs][Index(head[cs])] = ItemOf(E.item)
    /\ ConsumerReadItem
MatchConsumerClear == E.a = "ConsumerClear" /\ AtHead /\ ConsumerClear
MatchConsumerRelease ==
    /\ E.a = "ConsumerRelease" /\ ~Producing /\ AtHead /\ E.seq = head[cs] + C
    /\ ConsumerRelease
MatchConsumerAdvance ==
    /\ E.a = "ConsumerAdvance" /\ cs = E.shard /\ E.head = head[cs] + 1
    /\ ConsumerAdvance

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ MatchLoadTail \/ MatchLoadSlotSeq \/ MatchCasTail \/ MatchWriteItem \/ MatchPublishSeq
       \/ MatchReject
       \/ MatchConsumerLoadSeq \/ MatchConsumerReadItem \/ MatchConsumerClear
       \/ MatchConsumerRelease \/ MatchConsumerAdvance
    /\ l' = l + 1

TraceSpec == TraceInit /\ [][TraceNext]_<<vars, l>>

TraceNotFullyReplayed == l <= Len(Trace)
-----------------------------------------------------------------------------
(* Witnesses: the hard cases a recording exists for. They are the model's  *)
(* own (WITH.tla), by the same names, as state                             *)
(* predicates of the replay: a recorded log names the one it was made for  *)
(* (its witness line), and make trace-check fails when no state TLC        *)
(* reaches in replaying the log satisfies it (tlc-runner's TraceCheck).    *)
(* Where an event could fit more than one step, that is a state of one of  *)
(* the replays.                                                            *)
Witnesses(name) == INSTANCE ShardedBufferWitnesses WITH Reach <- name

ShardFull                  == ~Witnesses("ShardFull")!Witness_ShardFull
ShardWraps                 == ~Witnesses("ShardWraps")!Witness_ShardWraps
LostTailCas                == ~Witnesses("LostTailCas")!Witness_LostTailCas
TwoProducersAroundConsumer == ~Witnesses("TwoProducersAroundConsumer")!Witness_TwoProducersAroundConsumer
=============================================================================
