------------------------------ MODULE SpscRing ------------------------------
(***************************************************************************)
(* A bounded single-producer single-consumer ring, org.example.spsc.       *)
(* SpscRing, under sequential consistency: one action per atomic step of   *)
(* the Java, named as the comments there name them. memory/SpscRingMemory  *)
(* .tla has the same steps on weak hardware, each with its access mode.    *)
(*                                                                         *)
(* The producer offers the values 1 .. N in turn. offer: LoadOwnTail (its  *)
(* own tail), LoadHead (the consumer's head); the ring is full when tail - *)
(* head = Capacity: offer returns false (OfferFails) and the producer      *)
(* offers the same value again; else WriteSlot (slot tail % Capacity) and *)
(* PublishTail (tail + 1). The consumer polls until it has N values.       *)
(* poll: LoadOwnHead, LoadTail; the ring is empty when they are equal:     *)
(* poll returns null (PollEmpty) and the consumer polls again; else        *)
(* ReadSlot (slot head % Capacity), ClearSlot, ReleaseHead (head + 1).     *)
(*                                                                         *)
(* Abstracted: an element is the number of its offer (0 is null); the      *)
(* counters are unbounded (the Java's longs do not wrap in practice); the  *)
(* users' loops around offer and poll are the retries above.               *)
(***************************************************************************)
EXTENDS Naturals, Sequences

CONSTANTS
    Capacity,   \* the ring's slots
    N           \* the values the producer offers: 1 .. N

ASSUME Capacity \in Nat \ {0} /\ N \in Nat

VARIABLES
    head, tail, slots,  \* the shared fields
    pc, pt, ph, v,      \* the producer: next step, the tail and head offer loaded, the value it offers
    cpc, ch, ct, got,   \* the consumer: next step, the head and tail poll loaded, the value it read
    recv                \* history: the values poll returned, in order

vars == <<head, tail, slots, pc, pt, ph, v, cpc, ch, ct, got, recv>>

Slot(i) == i % Capacity

TypeOK ==
    /\ head \in Nat /\ tail \in Nat /\ slots \in [0 .. Capacity - 1 -> 0 .. N]
    /\ pc \in {"tail", "head", "full", "write", "publish", "done"}
    /\ cpc \in {"head", "tail", "empty", "read", "clear", "release", "done"}
    /\ recv \in Seq(1 .. N)

Init ==
    /\ head = 0 /\ tail = 0 /\ slots = [i \in 0 .. Capacity - 1 |-> 0]
    /\ pc = (IF N > 0 THEN "tail" ELSE "done") /\ pt = 0 /\ ph = 0 /\ v = 1
    /\ cpc = (IF N > 0 THEN "head" ELSE "done") /\ ch = 0 /\ ct = 0 /\ got = 0
    /\ recv = <<>>

consumerVars == <<cpc, ch, ct, got, recv>>
producerVars == <<pc, pt, ph, v>>

(* ---- the producer: offer ---- *)

LoadOwnTail ==
    /\ pc = "tail"
    /\ pt' = tail /\ pc' = "head"
    /\ UNCHANGED <<head, tail, slots, ph, v>> /\ UNCHANGED consumerVars

LoadHead ==
    /\ pc = "head"
    /\ ph' = head
    /\ pc' = IF pt - head = Capacity THEN "full" ELSE "write"
    /\ UNCHANGED <<head, tail, slots, pt, v>> /\ UNCHANGED consumerVars

OfferFails ==
    /\ pc = "full"
    /\ pc' = "tail"
    /\ UNCHANGED <<head, tail, slots, pt, ph, v>> /\ UNCHANGED consumerVars

WriteSlot ==
    /\ pc = "write"
    /\ slots' = [slots EXCEPT ![Slot(pt)] = v]
    /\ pc' = "publish"
    /\ UNCHANGED <<head, tail, pt, ph, v>> /\ UNCHANGED consumerVars

PublishTail ==
    /\ pc = "publish"
    /\ tail' = pt + 1
    /\ v' = v + 1
    /\ pc' = IF v = N THEN "done" ELSE "tail"
    /\ UNCHANGED <<head, slots, pt, ph>> /\ UNCHANGED consumerVars

Producer == LoadOwnTail \/ LoadHead \/ OfferFails \/ WriteSlot \/ PublishTail

(* ---- the consumer: poll ---- *)

LoadOwnHead ==
    /\ cpc = "head"
    /\ ch' = head /\ cpc' = "tail"
    /\ UNCHANGED <<head, tail, slots, ct, got, recv>> /\ UNCHANGED producerVars

LoadTail ==
    /\ cpc = "tail"
    /\ ct' = tail
    /\ cpc' = IF ch = tail THEN "empty" ELSE "read"
    /\ UNCHANGED <<head, tail, slots, ch, got, recv>> /\ UNCHANGED producerVars

PollEmpty ==
    /\ cpc = "empty"
    /\ cpc' = "head"
    /\ UNCHANGED <<head, tail, slots, ch, ct, got, recv>> /\ UNCHANGED producerVars

ReadSlot ==
    /\ cpc = "read"
    /\ got' = slots[Slot(ch)]
    /\ cpc' = "clear"
    /\ UNCHANGED <<head, tail, slots, ch, ct, recv>> /\ UNCHANGED producerVars

ClearSlot ==
    /\ cpc = "clear"
    /\ slots' = [slots EXCEPT ![Slot(ch)] = 0]
    /\ cpc' = "release"
    /\ UNCHANGED <<head, tail, ch, ct, got, recv>> /\ UNCHANGED producerVars

ReleaseHead ==
    /\ cpc = "release"
    /\ head' = ch + 1
    /\ recv' = Append(recv, got)
    /\ cpc' = IF Len(recv) + 1 = N THEN "done" ELSE "head"
    /\ UNCHANGED <<tail, slots, ch, ct, got>> /\ UNCHANGED producerVars

Consumer == LoadOwnHead \/ LoadTail \/ PollEmpty \/ ReadSlot \/ ClearSlot \/ ReleaseHead

Finished == pc = "done" /\ cpc = "done" /\ UNCHANGED vars

Next == Producer \/ Consumer \/ Finished

Spec == Init /\ [][Next]_vars /\ WF_vars(Producer) /\ WF_vars(Consumer)

(* ---- properties ---- *)

\* poll returns the values in the order offered: none lost, none twice, never null.
Fifo == \A i \in 1 .. Len(recv) : recv[i] = i

\* Every value offered is returned.
AllDelivered == <>(Len(recv) = N)
=============================================================================
