--------------------------- MODULE ElementFlagShards ---------------------------
(***************************************************************************)
(* Sharded publication with the element as the flag (issue 27, item 2):    *)
(* the same shards, stable thread-to-shard map and round-robin consumer as *)
(* ShardedBuffer.tla, but each slot holds only its element, as in JCTools' *)
(* MpscArrayQueue: a null element is an empty slot, and the producer's     *)
(* store of the element is what publishes it. One shared line per item     *)
(* instead of two (the element, not the element and a sequence):           *)
(*   offer (producer p, shard s): t = tail[s];                             *)
(*     t < limit[s]: the slot is free (limit = a head seen + C);           *)
(*     else h = head[s]: t >= h + C: full, offer returns false;            *)
(*          else limit[s] = h + C, a cache shared by the shard's producers;*)
(*     CAS tail t -> t + 1 (lost: load the tail again);                    *)
(*     slot t % C = e (a release store: the element publishes itself).     *)
(*   poll and drain (consumer, at shard s with head h): e = slot h % C;   *)
(*     e # null: clear the slot (null), head = h + 1 (a release store: the *)
(*       slot is free for the next lap), at most Batch items a visit;      *)
(*     e = null, in poll: compare h with tail[s]: equal, the shard is      *)
(*       empty, on to the next shard; else a producer claimed slot h and   *)
(*       has not yet stored its element: load the element again (spin);    *)
(*     e = null, in drain: on to the next shard without loading the tail, *)
(*       whether the shard is empty or its slot h claimed and not stored   *)
(*       (a relaxed drain, as JCTools' drain): a later visit takes it.     *)
(* The consumer's calls are not modelled, only their steps: at each null  *)
(* element either continuation may follow, as either call may be running. *)
(*                                                                         *)
(* Modeled: one action per atomic memory operation, the producers' shared  *)
(* limit cache included (a stale limit is only ever too low: it costs a    *)
(* load of head, never a slot). Abstracted away: thread ids (ShardOf is a  *)
(* fixed map), memory ordering (sequential consistency here; the modes are *)
(* checked in memory/ElementFlagMemory.tla). `sent`, `received`: history.  *)
(* It refines the same Channels.tla as ShardedBuffer:                      *)
(* an offer takes effect at its tail CAS, a delivery at the consumer's     *)
(* store of head, the moments the shard's capacity is taken and given back.*)
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
None      == <<0, 0>>                  \* null; items are <<producer, index>>, index >= 1
ShardOf(p) == p % S                   \* Java: thread id & (S - 1), a stable map

VARIABLES
    tail,       \* per shard: the next slot producers claim (JCTools: producerIndex)
    head,       \* per shard: the next slot the consumer takes (consumerIndex)
    limit,      \* per shard: a head some producer loaded, plus C (producerLimit)
    item,       \* per shard and slot: the element, None when the slot is free
    pc,         \* per producer: its next step ("full": its last offer returned false)
    sh,         \* per producer: the shard of its current offer (a local)
    t,          \* per producer: the tail value it loaded (a local)
    lh,         \* per producer: the head value it loaded (a local)
    cpc,        \* the consumer's next step
    cs,         \* the shard the consumer is visiting
    taken,      \* items taken in this visit
    got,        \* the element the consumer last loaded (a local)
    movedOn,    \* history: the consumer's last step was a drain moving on from a slot
                \* a producer has claimed and not yet stored (no Java field)
    sent,       \* history: items each producer has had accepted (offer returned true)
    received    \* history: the items the consumer took, in order

vars == <<tail, head, limit, item, pc, sh, t, lh, cpc, cs, taken, got, movedOn, sent, received>>

Index(x) == x % C

TypeOK ==
    /\ tail \in [Shards -> Nat] /\ head \in [Shards -> Nat] /\ limit \in [Shards -> Nat]
    /\ item \in [Shards -> [Slots -> ({None} \cup (Producers \X (1 .. Items)))]]
    /\ pc \in [Producers -> {"tail", "full", "limit", "head", "storelimit", "cas", "store", "done"}]
    /\ sh \in [Producers -> Shards]
    /\ cpc \in {"elem", "ctail", "clear", "advance"}
    /\ cs \in Shards /\ taken \in 0 .. Batch /\ movedOn \in BOOLEAN
    /\ sent \in [Producers -> 0 .. Items]
    /\ received \in Seq(Producers \X (1 .. Items))

Init ==
    /\ tail = [s \in Shards |-> 0]
    /\ head = [s \in Shards |-> 0]
    /\ limit = [s \in Shards |-> C]     \* JCTools starts producerLimit at the capacity
    /\ item = [s \in Shards |-> [i \in Slots |-> None]]
    /\ pc = [p \in Producers |-> "tail"]
    /\ sh = [p \in Producers |-> ShardOf(p)]
    /\ t = [p \in Producers |-> 0]
    /\ lh = [p \in Producers |-> 0]
    /\ cpc = "elem"
    /\ cs = 0
    /\ taken = 0
    /\ got = None
    /\ movedOn = FALSE
    /\ sent = [p \in Producers |-> 0]
    /\ received = <<>>

consumerVars == <<head, cpc, cs, taken, got, movedOn, received>>
Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
Next1(p) == <<p, sent[p] + 1>>        \* the item p offers now

(* offer: t = tail[s], s the producer's shard. After an offer returned      *)
(* false ("full"), the producer offers the same item again.                 *)
LoadTail(p) ==
    /\ pc[p] \in {"tail", "full"}
    /\ sh' = [sh EXCEPT ![p] = ShardOf(p)]
    /\ t' = [t EXCEPT ![p] = tail[ShardOf(p)]]
    /\ Goto(p, "limit")
    /\ UNCHANGED <<tail, limit, item, lh, sent>> /\ UNCHANGED consumerVars

(* offer: t < limit[s]: the slot is free, no need to look at head *)
LoadLimit(p) ==
    /\ pc[p] = "limit"
    /\ Goto(p, IF t[p] < limit[sh[p]] THEN "cas" ELSE "head")
    /\ UNCHANGED <<tail, limit, item, sh, t, lh, sent>> /\ UNCHANGED consumerVars

(* offer: h = head[s] (an acquire load): t >= h + C, the shard is full *)
LoadHead(p) ==
    /\ pc[p] = "head"
    /\ lh' = [lh EXCEPT ![p] = head[sh[p]]]
    /\ Goto(p, IF t[p] >= head[sh[p]] + C THEN "full" ELSE "storelimit")
    /\ UNCHANGED <<tail, limit, item, sh, t, sent>> /\ UNCHANGED consumerVars

(* offer: limit[s] = h + C, for the next offers of the shard's producers *)
StoreLimit(p) ==
    /\ pc[p] = "storelimit"
    /\ limit' = [limit EXCEPT ![sh[p]] = lh[p] + C]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<tail, item, sh, t, lh, sent>> /\ UNCHANGED consumerVars

(* offer: CAS(tail[s], t, t + 1) *)
CasTail(p) ==
    /\ pc[p] = "cas"
    /\ IF tail[sh[p]] = t[p]
          THEN tail' = [tail EXCEPT ![sh[p]] = t[p] + 1] /\ Goto(p, "store")
          ELSE UNCHANGED tail /\ Goto(p, "tail")
    /\ UNCHANGED <<limit, item, sh, t, lh, sent>> /\ UNCHANGED consumerVars

(* offer: slot = e (a release store), which publishes it; offer returns true *)
StoreElement(p) ==
    /\ pc[p] = "store"
    /\ item' = [item EXCEPT ![sh[p]][Index(t[p])] = Next1(p)]
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ Goto(p, IF sent[p] + 1 = Items THEN "done" ELSE "tail")
    /\ UNCHANGED <<tail, limit, sh, t, lh>> /\ UNCHANGED consumerVars

NextShard == cs' = (cs + 1) % S /\ taken' = 0

(* poll and drain: e = slot head % C (an acquire load); a non-null element *)
(* is taken. A null one: poll loads the tail next (ConsumerLoadTail); drain *)
(* moves on to the next shard, and records in movedOn whether the slot was *)
(* claimed (the tail read here is the history's, not a load of the Java).  *)
ConsumerLoadElement ==
    /\ cpc = "elem"
    /\ LET e == item[cs][Index(head[cs])] IN
       IF e # None
          THEN got' = e /\ received' = Append(received, e) /\ cpc' = "clear"
               /\ movedOn' = FALSE /\ UNCHANGED <<cs, taken>>
          ELSE /\ UNCHANGED <<got, received>>
               /\ \/ cpc' = "ctail" /\ movedOn' = FALSE /\ UNCHANGED <<cs, taken>>
                  \/ cpc' = "elem" /\ movedOn' = (head[cs] # tail[cs]) /\ NextShard
    /\ UNCHANGED <<tail, head, limit, item, sent>> /\ UNCHANGED <<pc, sh, t, lh>>

(* poll: a null element: head = tail[s], the shard is empty, on to the next; *)
(* else the slot is claimed and not yet written: load it again               *)
ConsumerLoadTail ==
    /\ cpc = "ctail"
    /\ IF head[cs] = tail[cs] THEN NextShard ELSE UNCHANGED <<cs, taken>>
    /\ cpc' = "elem" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, head, limit, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

(* poll and drain: slot = null (a plain store, ordered before the head's release) *)
ConsumerClear ==
    /\ cpc = "clear"
    /\ item' = [item EXCEPT ![cs][Index(head[cs])] = None]
    /\ cpc' = "advance" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, head, limit, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

(* poll and drain: head = head + 1 (a release store: the slot is free for   *)
(* the next lap); after Batch items, on to the next shard                   *)
ConsumerAdvance ==
    /\ cpc = "advance"
    /\ head' = [head EXCEPT ![cs] = @ + 1]
    /\ cpc' = "elem" /\ movedOn' = FALSE
    /\ IF taken + 1 = Batch THEN NextShard ELSE taken' = taken + 1 /\ UNCHANGED cs
    /\ UNCHANGED <<tail, limit, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

\* Every item offered, accepted and taken, and the consumer between items.
AllConsumed == \A p \in Producers : pc[p] = "done"
               /\ Len(received) = P * Items
               /\ cpc = "elem"

Terminating == AllConsumed /\ UNCHANGED vars

(* The consumer's one action that can start once everything is consumed    *)
(* carries the guard, so TLC labels every step with its action.            *)
ConsumerLoadElementWhileItems == ~AllConsumed /\ ConsumerLoadElement

Producer(p) == LoadTail(p) \/ LoadLimit(p) \/ LoadHead(p) \/ StoreLimit(p) \/ CasTail(p) \/ StoreElement(p)
Consumer == ConsumerLoadElementWhileItems \/ ConsumerLoadTail \/ ConsumerClear \/ ConsumerAdvance

Next == (\E p \in Producers : Producer(p)) \/ Consumer \/ Terminating

Spec ==
    /\ Init /\ [][Next]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(Consumer)

-----------------------------------------------------------------------------
(* Properties, named for what they promise (as in ShardedBuffer.tla). *)

Range(sq) == {sq[i] : i \in DOMAIN sq}

\* Nothing is delivered twice, and only accepted items are delivered.
NoDuplicates == \A i, j \in DOMAIN received : i # j => received[i] # received[j]
OnlyAcceptedDelivered == \A e \in Range(received) : e # None /\ e[2] <= sent[e[1]]

\* Each producer's items arrive in the order it offered them.
PerProducerFIFO ==
    \A i, j \in DOMAIN received :
        (i < j /\ received[i][1] = received[j][1]) => received[i][2] < received[j][2]

\* A slot's element is only ever written when the slot is empty (taken and cleared).
NoSlotOverwrite ==
    [][\A s \in Shards, i \in Slots :
          (item'[s][i] # item[s][i] /\ item'[s][i] # None) => item[s][i] = None]_item

\* The shared limit never lets a producer past the slots the consumer has freed.
LimitNeverAhead == \A s \in Shards : limit[s] <= head[s] + C

\* Every accepted item is eventually consumed (nothing lost).
EveryAcceptedItemConsumed ==
    \A p \in Producers : \A k \in 1 .. Items : sent[p] >= k ~> <<p, k>> \in Range(received)

\* Every producer gets all its items accepted (with fair scheduling).
EveryProducerFinishes == \A p \in Producers : <>(pc[p] = "done")

\* poll's null proves every shard it visited empty (ElementFlagShardedBuffer.poll's Javadoc): at a
\* null element, poll moves on to the next shard only when its tail load finds the shard empty
\* (head = tail), and waits at a slot a producer has claimed and not yet stored. Drain's move at a
\* null element (ConsumerLoadElement's other continuation, no tail load) promises nothing of the
\* kind. Visible with two shards or more (with one, the next shard is the same one); sibling
\* EfsPollMovesOn (poll relaxed as drain, and as ShardedBuffer's poll) breaks it and nothing else.
PollNullOnlyWhenEmpty == [][(cpc = "ctail" /\ cpc' = "elem" /\ cs' # cs) => head[cs] = tail[cs]]_vars

-----------------------------------------------------------------------------
(* The abstract channel. An offer takes effect at its tail CAS (the slot is *)
(* the item's, the shard's capacity taken), a delivery at the consumer's    *)
(* store of head (the capacity given back): `sent` plus the one a producer  *)
(* is storing, `received` less the one the consumer is clearing.            *)
ChanSent == [p \in Producers |-> sent[p] + IF pc[p] = "store" THEN 1 ELSE 0]
ChanReceived == IF cpc \in {"clear", "advance"} THEN SubSeq(received, 1, Len(received) - 1) ELSE received
ChanRefused == [p \in Producers |-> pc[p] = "full"]

Abstract == INSTANCE Channels WITH sent <- ChanSent, received <- ChanReceived, refused <- ChanRefused

\* An offer returns false only when its shard is full.
OfferFailsOnlyWhenFull ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => Abstract!Full(ShardOf(p))]_vars

\* No accepted item is lost: each the channel holds is in a slot of its shard,
\* or being stored by its producer, or the one the consumer is taking.
NoAcceptedItemLost ==
    \A p \in Producers : \A k \in Abstract!Delivered(p) + 1 .. ChanSent[p] :
        \/ \E i \in Slots : item[ShardOf(p)][i] = <<p, k>>
        \/ pc[p] = "store" /\ k = ChanSent[p]
        \/ cpc \in {"clear", "advance"} /\ got = <<p, k>>

\* The algorithm refines per-producer FIFO channels with bounded shards.
Refinement == Abstract!Spec
=============================================================================
