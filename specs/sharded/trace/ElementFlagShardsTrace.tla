----------------------- MODULE ElementFlagShardsTrace -----------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.sharded.ElementFlagShardedBuffer *)
(* against ElementFlagShards.tla: TLC checks that a recorded execution of  *)
(* the Java code is a behaviour of the spec.                               *)
(*                                                                         *)
(* Producers are threads 1..P (the recording test maps producer p to shard *)
(* p & (S - 1), the spec's ShardOf); the consumer is thread ConsumerThread. *)
(* Each producer offers items p * 1000 + 1, p * 1000 + 2, ... in order and *)
(* offers an item again after its offer found the shard full, as the spec's *)
(* producers do; an item is recorded as that number (0: null, an empty     *)
(* slot), the spec's <<p, k>>.                                             *)
(*                                                                         *)
(* Events (ElementFlagShard's steps), each named for the spec action it   *)
(* must match, with values equal to the spec's:                            *)
(*   LoadTail shard tail                  LoadTail(p)                      *)
(*   LoadLimit shard limit                LoadLimit(p)                     *)
(*   LoadHead shard head                  LoadHead(p)                      *)
(*   StoreLimit shard limit               StoreLimit(p)                    *)
(*   CasTail shard expected ok            CasTail(p)                       *)
(*   StoreElement shard index item        StoreElement(p)                  *)
(*   ConsumerLoadElement shard index item ConsumerLoadElement              *)
(*   ConsumerLoadTail shard tail          ConsumerLoadTail                 *)
(*   ConsumerClear shard index            ConsumerClear                    *)
(*   ConsumerAdvance shard head           ConsumerAdvance                  *)
(*   Reject shard                         nothing changes; logged by the   *)
(*                                        recording's producer after its   *)
(*                                        offer returned false (the result *)
(*                                        Channels.tla names Reject), so   *)
(*                                        the spec must be at "full"       *)
(* A true result of an offer is the StoreElement it returns after; a false *)
(* one is the Reject that follows: an offer that returned false anywhere   *)
(* but at a full shard (full from a stale limit, say) is rejected there.   *)
(* Accepted iff TLC violates TraceNotFullyReplayed (see PendingListTrace). *)
(***************************************************************************)
EXTENDS ElementFlagShards, Sequences, TLC

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
MatchLoadLimit ==
    /\ E.a = "LoadLimit" /\ Producing /\ sh[p] = E.shard /\ limit[sh[p]] = E.limit
    /\ LoadLimit(p)
MatchLoadHead ==
    /\ E.a = "LoadHead" /\ Producing /\ sh[p] = E.shard /\ head[sh[p]] = E.head
    /\ LoadHead(p)
MatchStoreLimit ==
    /\ E.a = "StoreLimit" /\ Producing /\ sh[p] = E.shard /\ E.limit = lh[p] + C
    /\ StoreLimit(p)
MatchReject ==
    /\ E.a = "Reject" /\ Producing /\ pc[p] = "full" /\ sh[p] = E.shard
    /\ UNCHANGED vars
MatchCasTail ==
    /\ E.a = "CasTail" /\ Producing /\ sh[p] = E.shard /\ t[p] = E.expected
    /\ (tail[sh[p]] = t[p]) = (E.ok = 1)
    /\ CasTail(p)
MatchStoreElement ==
    /\ E.a = "StoreElement" /\ Producing /\ sh[p] = E.shard /\ t[p] = E.index /\ Next1(p) = ItemOf(E.item)
    /\ StoreElement(p)

AtHead == cs = E.shard /\ head[cs] = E.index
MatchConsumerLoadElement ==
    /\ E.a = "ConsumerLoadElement" /\ ~Producing /\ AtHead /\ item[cs][Index(head[cs])] = ItemOf(E.item)
    /\ ConsumerLoadElementWhileItems
MatchConsumerLoadTail ==
    /\ E.a = "ConsumerLoadTail" /\ ~Producing /\ cs = E.shard /\ tail[cs] = E.tail
    /\ ConsumerLoadTail
MatchConsumerClear == E.a = "ConsumerClear" /\ ~Producing /\ AtHead /\ ConsumerClear
MatchConsumerAdvance ==
    /\ E.a = "ConsumerAdvance" /\ ~Producing /\ cs = E.shard /\ E.head = head[cs] + 1
    /\ ConsumerAdvance

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ MatchLoadTail \/ MatchLoadLimit \/ MatchLoadHead \/ MatchStoreLimit \/ MatchReject
       \/ MatchCasTail \/ MatchStoreElement
       \/ MatchConsumerLoadElement \/ MatchConsumerLoadTail \/ MatchConsumerClear \/ MatchConsumerAdvance
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
Witnesses(name) == INSTANCE ElementFlagShardsWitnesses WITH Reach <- name

ShardFull               == ~Witnesses("ShardFull")!Witness_ShardFull
ShardWraps              == ~Witnesses("ShardWraps")!Witness_ShardWraps
LostTailCas             == ~Witnesses("LostTailCas")!Witness_LostTailCas
ClaimedNotStored        == ~Witnesses("ClaimedNotStored")!Witness_ClaimedNotStored
DrainMovesOnFromClaimed == ~Witnesses("DrainMovesOnFromClaimed")!Witness_DrainMovesOnFromClaimed
LimitRaised             == ~Witnesses("LimitRaised")!Witness_LimitRaised
=============================================================================
