---------------------------- MODULE ShardedBuffer ----------------------------
(***************************************************************************)
(* Per-core sharded publication: producers map to per-shard bounded ring   *)
(* buffers by a stable thread-to-shard map (shard = thread id & (S - 1));  *)
(* one consumer drains the shards round-robin. Global FIFO is given up,    *)
(* per-producer FIFO is kept. Each shard is a ring of C slots with         *)
(* per-slot sequence numbers (slot i starts with seq = i), the scheme of   *)
(* Vyukov's bounded MPMC queue and JCTools, with a single consumer:        *)
(*   offer (producer p, shard s): t = tail[s]; q = seq of slot t % C;      *)
(*     q = t: CAS tail t -> t + 1, write the item, store seq = t + 1;      *)
(*     q < t: the shard is full, offer returns false;                      *)
(*     q > t: another producer of s won the slot: load tail again.         *)
(*   drain (consumer, at shard s with head h): q = seq of slot h % C;      *)
(*     q = h + 1: read the item, clear it, store seq = h + C, head = h + 1;*)
(*     otherwise the shard is empty: go on to the next shard. At most      *)
(*     Batch items per visit; the next visit starts where this one stopped.*)
(*                                                                         *)
(* Modeled: one action per atomic memory operation; producers offer their  *)
(* Items in order and retry an offer that found the shard full.            *)
(* Abstracted away: the thread ids (ShardOf is a fixed map), the counters  *)
(* of failed offers and CAS retries, memory ordering (sequential           *)
(* consistency; the Java code publishes with a release store of seq and    *)
(* reads it with an acquire load: memory/ShardMemory.tla and               *)
(* memory/HandoverMemory.tla check those modes under weak memory).         *)
(* `sent` and `received` are history variables.                           *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS
    P,          \* producers 1..P
    S,          \* shards 0..S-1 (a power of two)
    C,          \* slots per shard (a power of two)
    Items,      \* items each producer offers
    Batch       \* items the consumer takes per shard visit

ASSUME P \in Nat \ {0} /\ S \in {1, 2, 4} /\ C \in {1, 2, 4} /\ Items \in Nat \ {0} /\ Batch \in Nat \ {0}

Producers == 1 .. P
Shards    == 0 .. S - 1
Slots     == 0 .. C - 1
None      == <<0, 0>>                  \* an empty slot; items are <<producer, index>>, index >= 1
ShardOf(p) == p % S                   \* Java: thread id & (S - 1), a stable map

VARIABLES
    tail,       \* per shard: the next slot producers claim (Java: producerIndex)
    head,       \* per shard: the next slot the consumer reads (Java: consumerIndex)
    seq,        \* per shard and slot: the slot's sequence number
    item,       \* per shard and slot: the item stored there
    pc,         \* per producer: its next step ("full": its last offer returned false)
    sh,         \* per producer: the shard of its current offer (a local; Java: the ShardSelector)
    t,          \* per producer: the tail value it loaded (a local)
    cpc,        \* the consumer's next step
    cs,         \* the shard the consumer is visiting
    taken,      \* items taken in this visit
    got,        \* the item the consumer last read (a local)
    sent,       \* history: items each producer has had accepted (offer returned true)
    received    \* history: the items the consumer took, in order

vars == <<tail, head, seq, item, pc, sh, t, cpc, cs, taken, got, sent, received>>

Index(x) == x % C

TypeOK ==
    /\ tail \in [Shards -> Nat] /\ head \in [Shards -> Nat]
    /\ seq \in [Shards -> [Slots -> Nat]]
    /\ item \in [Shards -> [Slots -> ({None} \cup (Producers \X (1 .. Items)))]]
    /\ pc \in [Producers -> {"tail", "full", "seq", "cas", "write", "publish", "done"}]
    /\ sh \in [Producers -> Shards]
    /\ cpc \in {"seq", "read", "clear", "release", "advance"}
    /\ cs \in Shards /\ taken \in 0 .. Batch
    /\ sent \in [Producers -> 0 .. Items]
    /\ received \in Seq(Producers \X (1 .. Items))

Init ==
    /\ tail = [s \in Shards |-> 0]
    /\ head = [s \in Shards |-> 0]
    /\ seq = [s \in Shards |-> [i \in Slots |-> i]]
    /\ item = [s \in Shards |-> [i \in Slots |-> None]]
    /\ pc = [p \in Producers |-> "tail"]
    /\ sh = [p \in Producers |-> ShardOf(p)]
    /\ t = [p \in Producers |-> 0]
    /\ cpc = "seq"
    /\ cs = 0
    /\ taken = 0
    /\ got = None
    /\ sent = [p \in Producers |-> 0]
    /\ received = <<>>

consumerVars == <<head, cpc, cs, taken, got, received>>
Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
Next1(p) == <<p, sent[p] + 1>>        \* the item p offers now

(* offer: s = the producer's shard (stable: ShardOf); t = tail[s]. After an  *)
(* offer returned false ("full"), the producer offers the same item again. *)
LoadTail(p) ==
    /\ pc[p] \in {"tail", "full"}
    /\ sh' = [sh EXCEPT ![p] = ShardOf(p)]
    /\ t' = [t EXCEPT ![p] = tail[ShardOf(p)]]
    /\ Goto(p, "seq")
    /\ UNCHANGED <<tail, seq, item, sent>> /\ UNCHANGED consumerVars

(* offer: q = seq[s][t % C]: claim it, report full, or load the tail again *)
LoadSlotSeq(p) ==
    /\ pc[p] = "seq"
    /\ LET q == seq[sh[p]][Index(t[p])] IN
       Goto(p, CASE q = t[p] -> "cas"
                 [] q < t[p] -> "full"       \* full: offer returns false
                 [] OTHER    -> "tail")      \* another producer of the shard won this slot
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

(* offer: CAS(tail[s], t, t + 1) *)
CasTail(p) ==
    /\ pc[p] = "cas"
    /\ IF tail[sh[p]] = t[p]
          THEN tail' = [tail EXCEPT ![sh[p]] = t[p] + 1] /\ Goto(p, "write")
          ELSE UNCHANGED tail /\ Goto(p, "tail")
    /\ UNCHANGED <<seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

(* offer: slot.item = e (a plain store) *)
WriteItem(p) ==
    /\ pc[p] = "write"
    /\ item' = [item EXCEPT ![sh[p]][Index(t[p])] = Next1(p)]
    /\ Goto(p, "publish")
    /\ UNCHANGED <<tail, seq, sh, t, sent>> /\ UNCHANGED consumerVars

(* offer: slot.seq = t + 1 (a release store); offer returns true *)
PublishSeq(p) ==
    /\ pc[p] = "publish"
    /\ seq' = [seq EXCEPT ![sh[p]][Index(t[p])] = t[p] + 1]
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ Goto(p, IF sent[p] + 1 = Items THEN "done" ELSE "tail")
    /\ UNCHANGED <<tail, item, sh, t>> /\ UNCHANGED consumerVars

producerVars == <<tail, pc, sh, t, sent>>
NextShard == cs' = (cs + 1) % S /\ taken' = 0

(* drain: q = seq[cs][head % C]: an item is there iff q = head + 1 *)
ConsumerLoadSeq ==
    /\ cpc = "seq"
    /\ IF seq[cs][Index(head[cs])] = head[cs] + 1
          THEN cpc' = "read" /\ UNCHANGED <<cs, taken>>
          ELSE NextShard /\ UNCHANGED cpc       \* empty: visit the next shard
    /\ UNCHANGED <<tail, head, seq, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

(* drain: e = slot.item (a plain load) *)
ConsumerReadItem ==
    /\ cpc = "read"
    /\ got' = item[cs][Index(head[cs])]
    /\ received' = Append(received, item[cs][Index(head[cs])])
    /\ cpc' = "clear"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, sent>> /\ UNCHANGED <<pc, sh, t>>

(* drain: slot.item = null *)
ConsumerClear ==
    /\ cpc = "clear"
    /\ item' = [item EXCEPT ![cs][Index(head[cs])] = None]
    /\ cpc' = "release"
    /\ UNCHANGED <<tail, head, seq, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

(* drain: slot.seq = head + C (a release store: the slot is free for the next lap) *)
ConsumerRelease ==
    /\ cpc = "release"
    /\ seq' = [seq EXCEPT ![cs][Index(head[cs])] = head[cs] + C]
    /\ cpc' = "advance"
    /\ UNCHANGED <<tail, head, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

(* drain: head = head + 1; after Batch items, on to the next shard *)
ConsumerAdvance ==
    /\ cpc = "advance"
    /\ head' = [head EXCEPT ![cs] = @ + 1]
    /\ cpc' = "seq"
    /\ IF taken + 1 = Batch THEN NextShard ELSE taken' = taken + 1 /\ UNCHANGED cs
    /\ UNCHANGED <<tail, seq, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

\* Every item offered, accepted and taken, and the consumer's last poll returned.
AllConsumed == \A p \in Producers : pc[p] = "done"
               /\ Len(received) = P * Items
               /\ cpc = "seq"

Terminating == AllConsumed /\ UNCHANGED vars

Producer(p) == LoadTail(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeq(p)
Consumer == ConsumerLoadSeq \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvance

Next == (\E p \in Producers : Producer(p)) \/ (Consumer /\ ~AllConsumed) \/ Terminating

Spec ==
    /\ Init /\ [][Next]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)

-----------------------------------------------------------------------------
(* Properties, named for what they promise. *)

Range(sq) == {sq[i] : i \in DOMAIN sq}

\* Nothing is delivered twice, and only accepted items are delivered.
NoDuplicates == \A i, j \in DOMAIN received : i # j => received[i] # received[j]
OnlyAcceptedDelivered == \A e \in Range(received) : e # None /\ e[2] <= sent[e[1]]

\* Each producer's items arrive in the order it offered them.
PerProducerFIFO ==
    \A i, j \in DOMAIN received :
        (i < j /\ received[i][1] = received[j][1]) => received[i][2] < received[j][2]

\* A slot's item is only ever written when the slot is empty (consumed and cleared).
NoSlotOverwrite ==
    [][\A s \in Shards, i \in Slots :
          (item'[s][i] # item[s][i] /\ item'[s][i] # None) => item[s][i] = None]_item

\* The consumer never reads a slot before its item was written.
NoStaleRead == cpc = "clear" => got # None

\* Every accepted item is eventually consumed (nothing lost).
EveryAcceptedItemConsumed ==
    \A p \in Producers : \A k \in 1 .. Items : sent[p] >= k ~> <<p, k>> \in Range(received)

\* Every producer gets all its items accepted (with fair scheduling).
EveryProducerFinishes == \A p \in Producers : <>(pc[p] = "done")

-----------------------------------------------------------------------------
(* The abstract channel (Channels.tla) and the properties stated on it.    *)
(*                                                                         *)
(* The refinement mapping. An offer takes effect at its tail CAS: from     *)
(* then on the slot is the item's, and the shard's capacity is taken. A    *)
(* delivery takes effect at the consumer's release of the slot, when the   *)
(* capacity is given back. `received` (the items the consumer read, in     *)
(* order) less the one it is clearing and releasing; `sent` (offers that   *)
(* returned true) plus the one a producer is writing and publishing. An    *)
(* offer returned false while its producer is at "full".                   *)
ChanSent == [p \in Producers |-> sent[p] + IF pc[p] \in {"write", "publish"} THEN 1 ELSE 0]
ChanReceived == IF cpc \in {"clear", "release"} THEN SubSeq(received, 1, Len(received) - 1) ELSE received
ChanRefused == [p \in Producers |-> pc[p] = "full"]

Abstract == INSTANCE Channels WITH sent <- ChanSent, received <- ChanReceived, refused <- ChanRefused

\* An offer returns false only when its shard is full: the channel holds C
\* items of the shard's producers not yet delivered.
OfferFailsOnlyWhenFull ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => Abstract!Full(ShardOf(p))]_vars

\* No accepted item is lost: every item the channel holds (accepted, not yet
\* delivered) is in a slot of its shard, or is being written by its
\* producer, or is the one the consumer is taking.
NoAcceptedItemLost ==
    \A p \in Producers : \A k \in Abstract!Delivered(p) + 1 .. ChanSent[p] :
        \/ \E i \in Slots : item[ShardOf(p)][i] = <<p, k>>
        \/ pc[p] = "write" /\ k = ChanSent[p]
        \/ cpc \in {"clear", "release"} /\ got = <<p, k>>

\* The algorithm refines per-producer FIFO channels with bounded shards.
Refinement == Abstract!Spec
=============================================================================
