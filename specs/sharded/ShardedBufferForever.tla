------------------------- MODULE ShardedBufferForever -------------------------
(***************************************************************************)
(* The sharded buffer of ShardedBuffer.tla with producers that offer       *)
(* forever and a consumer that polls forever, for the properties a finite  *)
(* run cannot express: no shard starves (the batch limit), some offer      *)
(* always completes (lock-free), and a single offer may never complete     *)
(* (not wait-free).                                                        *)
(*                                                                         *)
(* The producer and consumer steps are ShardedBuffer's actions, reused     *)
(* verbatim (LoadTail, LoadSlotSeq, CasTail, WriteItem, ConsumerLoadSeq,   *)
(* ConsumerClear, ConsumerRelease), except in three named places:          *)
(*   PublishSeqForever   offer returns true and the producer offers its    *)
(*                       next item (no "done"); `sent` counts modulo Items *)
(*   ReadItemForever     no `received` history (it would grow forever)     *)
(*   ConsumerAdvanceLap  ConsumerAdvance, plus the rebase below            *)
(*                                                                         *)
(* Finite counters: the Java counters are longs, compared directly. Only   *)
(* their differences and their values modulo C matter, so when a shard's   *)
(* head completes a lap (reaches C), the model subtracts C from that       *)
(* shard's head, tail, slot sequences and its producers' loaded tails. A   *)
(* loaded tail that falls below the head is stale: the slot's sequence is  *)
(* above it and the tail CAS fails whatever its value, so it is clamped at *)
(* -1 (still below every head). The rebase renames states and changes no   *)
(* comparison: behaviours are infinite, the state space is finite.         *)
(* Plain counters modulo M would not do: a producer stalled between        *)
(* LoadTail and CasTail while the tail wraps M would win an ABA CAS that   *)
(* 64-bit counters exclude (2^63 offers during one stall): ModuloCounters. *)
(*                                                                         *)
(* Abstracted away as in ShardedBuffer, and also: the item history (no     *)
(* Refinement, no NoDuplicates, PerProducerFIFO, NoAcceptedItemLost or     *)
(* OfferFailsOnlyWhenFull here: those are stated on the abstract channel,  *)
(* and the finite models check them). Items carry the producer and its     *)
(* offer count modulo Items, so that an overwrite by the same producer's   *)
(* next item shows.                                                        *)
(***************************************************************************)
EXTENDS ShardedBuffer

ASSUME C >= 2        \* with one slot the published and the free sequence coincide (ShardCapacityOne)

(* offer: slot.seq = t + 1 (a release store); offer returns true; the producer offers its next item *)
PublishSeqForever(p) ==
    /\ pc[p] = "publish"
    /\ seq' = [seq EXCEPT ![sh[p]][Index(t[p])] = t[p] + 1]
    /\ sent' = [sent EXCEPT ![p] = (@ + 1) % Items]
    /\ Goto(p, "tail")
    /\ UNCHANGED <<tail, item, sh, t>> /\ UNCHANGED consumerVars

(* drain: e = slot.item (a plain load) *)
ReadItemForever ==
    /\ cpc = "read"
    /\ got' = item[cs][Index(head[cs])]
    /\ cpc' = "clear"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, sent, received>> /\ UNCHANGED <<pc, sh, t>>

Max(a, b) == IF a > b THEN a ELSE b

(* head[s] = head[s] + 1; when that completes a lap, the shard's counters are rebased (see header) *)
AdvanceHead(s) ==
    IF head[s] + 1 < C
       THEN head' = [head EXCEPT ![s] = @ + 1] /\ UNCHANGED <<tail, seq, t>>
       ELSE /\ head' = [head EXCEPT ![s] = 0]
            /\ tail' = [tail EXCEPT ![s] = @ - C]
            /\ seq' = [seq EXCEPT ![s] = [i \in Slots |-> seq[s][i] - C]]
            /\ t' = [p \in Producers |-> IF sh[p] = s THEN Max(t[p] - C, -1) ELSE t[p]]

(* drain: head = head + 1; after Batch items, on to the next shard *)
ConsumerAdvanceLap ==
    /\ cpc = "advance"
    /\ AdvanceHead(cs)
    /\ cpc' = "seq"
    /\ IF taken + 1 = Batch THEN NextShard ELSE taken' = taken + 1 /\ UNCHANGED cs
    /\ UNCHANGED <<item, got, sent, received>> /\ UNCHANGED <<pc, sh>>

ProducerForever(p) == LoadTail(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeqForever(p)
ConsumerForever == ConsumerLoadSeq \/ ReadItemForever \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvanceLap

NextForever == (\E p \in Producers : ProducerForever(p)) \/ ConsumerForever

\* Fair threads: every producer and the consumer keep being scheduled.
FairSpec ==
    /\ Init /\ [][NextForever]_vars
    /\ \A p \in Producers : WF_vars(ProducerForever(p))
    /\ WF_vars(ConsumerForever)

\* Any scheduler at all: no fairness. Lock-freedom must hold here.
AnySchedulerSpec == Init /\ [][NextForever]_vars

\* Fair threads, and a producer whose tail CAS would succeed infinitely often does succeed.
CasWins(p) == CasTail(p) /\ tail[sh[p]] = t[p]
StrongCasSpec == FairSpec /\ \A p \in Producers : SF_vars(CasWins(p))

-----------------------------------------------------------------------------
(* Properties, named for what they promise. They look only at the program  *)
(* counters, so they read the same for the broken siblings.                *)

TypeOKForever ==
    /\ tail \in [Shards -> 0 .. 2 * C] /\ head \in [Shards -> 0 .. C - 1]
    /\ seq \in [Shards -> [Slots -> 0 .. 2 * C]]
    /\ t \in [Producers -> -1 .. 2 * C]
    /\ item \in [Shards -> [Slots -> ({None} \cup (Producers \X (1 .. Items)))]]
    /\ pc \in [Producers -> {"tail", "full", "seq", "cas", "write", "publish"}]
    /\ cpc \in {"seq", "read", "clear", "release", "advance"}
    /\ cs \in Shards /\ taken \in 0 .. Batch - 1
    /\ sent \in [Producers -> 0 .. Items - 1] /\ received = <<>>

\* An item is published at the head of shard s, and the consumer is taking it.
HeadPublished(s) == seq[s][Index(head[s])] = head[s] + 1
Taking(s) == cs = s /\ cpc \in {"read", "clear", "release", "advance"}

\* No shard starves: an item published at a shard's head is eventually taken,
\* however busy the other shards are kept.
NoShardStarves == \A s \in Shards : HeadPublished(s) ~> Taking(s)

\* A producer step, and an offer returning (true after its publish, false on a full shard).
ProducerStepped == \E p \in Producers : pc'[p] # pc[p]
OfferReturns(p) == (pc[p] = "publish" /\ pc'[p] = "tail") \/ (pc[p] = "seq" /\ pc'[p] = "full")

\* Lock-free: whenever producers keep taking steps, offers keep completing,
\* under any scheduler (check it with AnySchedulerSpec).
LockFree == []<><<ProducerStepped>>_vars => []<><<\E p \in Producers : OfferReturns(p)>>_vars

\* Wait-free would be: every producer's offers keep completing. Lock-free does not promise it.
EveryOfferCompletes == \A p \in Producers : []<><<OfferReturns(p)>>_vars
=============================================================================
