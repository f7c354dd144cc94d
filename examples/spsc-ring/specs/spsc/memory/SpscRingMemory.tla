---------------------------- MODULE SpscRingMemory ----------------------------
(***************************************************************************)
(* The ring of ../SpscRing.tla on weak hardware: the same steps, each      *)
(* shared access performed through the memory layer (module Memory, which  *)
(* the runner jar supplies: there is no copy of it here) with the access   *)
(* mode org.example.spsc.SpscRing uses, the table JavaMode. The memory     *)
(* manifest binds each access of the Java to its step (its "java" sites),  *)
(* and the access-mode check fails when the two differ.                    *)
(*                                                                         *)
(* Strength: "tso" (x86) or "weak" (AArch64, POWER). WeakStep and WeakMode *)
(* weaken one step's mode (a sibling); "none" keeps the Java's modes;      *)
(* "all" gives every step the mode WeakMode. The producer offers 1 .. N,   *)
(* the consumer polls until it has N values, as in ../SpscRing.tla; Fifo   *)
(* is its property. The layer is for safety only: liveness is checked      *)
(* there, under sequential consistency.                                    *)
(***************************************************************************)
EXTENDS Naturals, Sequences, TLC

CONSTANTS
    Strength,   \* "tso" or "weak"
    Capacity,   \* the ring's slots
    N,          \* the values the producer offers: 1 .. N
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, or "none" / "all"
    WeakMode    \* the mode it gets

\* The access mode of each step in org.example.spsc.SpscRing.
JavaMode == [
    LoadOwnTail |-> "plain",     \* offer: the field tail, its own
    LoadHead    |-> "acquire",   \* offer: HEAD.getAcquire
    WriteSlot   |-> "plain",     \* offer: SLOT.set
    PublishTail |-> "release",   \* offer: TAIL.setRelease
    LoadOwnHead |-> "plain",     \* poll: the field head, its own
    LoadTail    |-> "acquire",   \* poll: TAIL.getAcquire
    ReadSlot    |-> "plain",     \* poll: SLOT.get
    ClearSlot   |-> "plain",     \* poll: SLOT.set(slots, i, null)
    ReleaseHead |-> "release"    \* poll: HEAD.setRelease
]

ASSUME Capacity \in Nat \ {0} /\ N \in Nat /\ WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

P == "producer"
C == "consumer"
Threads == {P, C}
SlotLoc(i) == "slot" \o ToString(i % Capacity)
Locs == {"head", "tail"} \cup {SlotLoc(i) : i \in 0 .. Capacity - 1}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc, pt, ph, v,              \* the producer: next step, the tail and head offer loaded, the value it offers
    cpc, ch, ct, got,           \* the consumer: next step, the head and tail poll loaded, the value it read
    recv                        \* history: the values poll returned, in order

memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, pt, ph, v>>
consumerVars == <<cpc, ch, ct, got, recv>>
vars == <<mem, buf, msgs, cur, scv, pc, pt, ph, v, cpc, ch, ct, got, recv>>

M == INSTANCE Memory WITH Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = (IF N > 0 THEN "tail" ELSE "done") /\ pt = 0 /\ ph = 0 /\ v = 1
    /\ cpc = (IF N > 0 THEN "head" ELSE "done") /\ ch = 0 /\ ct = 0 /\ got = 0
    /\ recv = <<>>

(* ---- the producer: offer ---- *)

LoadOwnTail ==
    /\ pc = "tail"
    /\ \E r \in M!Reads(P, "tail", Mode("LoadOwnTail")) :
          M!Load(P, "tail", Mode("LoadOwnTail"), r) /\ pt' = r.val
    /\ pc' = "head"
    /\ UNCHANGED <<ph, v>> /\ UNCHANGED consumerVars

LoadHead ==
    /\ pc = "head"
    /\ \E r \in M!Reads(P, "head", Mode("LoadHead")) :
          /\ M!Load(P, "head", Mode("LoadHead"), r)
          /\ ph' = r.val
          /\ pc' = IF pt - r.val = Capacity THEN "full" ELSE "write"
    /\ UNCHANGED <<pt, v>> /\ UNCHANGED consumerVars

OfferFails ==
    /\ pc = "full"
    /\ pc' = "tail"
    /\ UNCHANGED memVars /\ UNCHANGED <<pt, ph, v>> /\ UNCHANGED consumerVars

WriteSlot ==
    /\ pc = "write"
    /\ M!Store(P, SlotLoc(pt), Mode("WriteSlot"), v)
    /\ pc' = "publish"
    /\ UNCHANGED <<pt, ph, v>> /\ UNCHANGED consumerVars

PublishTail ==
    /\ pc = "publish"
    /\ M!Store(P, "tail", Mode("PublishTail"), pt + 1)
    /\ v' = v + 1
    /\ pc' = IF v = N THEN "done" ELSE "tail"
    /\ UNCHANGED <<pt, ph>> /\ UNCHANGED consumerVars

(* ---- the consumer: poll ---- *)

LoadOwnHead ==
    /\ cpc = "head"
    /\ \E r \in M!Reads(C, "head", Mode("LoadOwnHead")) :
          M!Load(C, "head", Mode("LoadOwnHead"), r) /\ ch' = r.val
    /\ cpc' = "tail"
    /\ UNCHANGED <<ct, got, recv>> /\ UNCHANGED producerVars

LoadTail ==
    /\ cpc = "tail"
    /\ \E r \in M!Reads(C, "tail", Mode("LoadTail")) :
          /\ M!Load(C, "tail", Mode("LoadTail"), r)
          /\ ct' = r.val
          /\ cpc' = IF ch = r.val THEN "empty" ELSE "read"
    /\ UNCHANGED <<ch, got, recv>> /\ UNCHANGED producerVars

PollEmpty ==
    /\ cpc = "empty"
    /\ cpc' = "head"
    /\ UNCHANGED memVars /\ UNCHANGED <<ch, ct, got, recv>> /\ UNCHANGED producerVars

ReadSlot ==
    /\ cpc = "read"
    /\ \E r \in M!Reads(C, SlotLoc(ch), Mode("ReadSlot")) :
          M!Load(C, SlotLoc(ch), Mode("ReadSlot"), r) /\ got' = r.val
    /\ cpc' = "clear"
    /\ UNCHANGED <<ch, ct, recv>> /\ UNCHANGED producerVars

ClearSlot ==
    /\ cpc = "clear"
    /\ M!Store(C, SlotLoc(ch), Mode("ClearSlot"), 0)
    /\ cpc' = "release"
    /\ UNCHANGED <<ch, ct, got, recv>> /\ UNCHANGED producerVars

ReleaseHead ==
    /\ cpc = "release"
    /\ M!Store(C, "head", Mode("ReleaseHead"), ch + 1)
    /\ recv' = Append(recv, got)
    /\ cpc' = IF Len(recv) + 1 = N THEN "done" ELSE "head"
    /\ UNCHANGED <<ch, ct, got>> /\ UNCHANGED producerVars

(* tso: a store buffer drains one store into memory. *)
Flush(t) == M!Flush(t) /\ UNCHANGED producerVars /\ UNCHANGED consumerVars

Finished == pc = "done" /\ cpc = "done" /\ M!Quiescent /\ UNCHANGED vars

Next ==
    \/ LoadOwnTail \/ LoadHead \/ OfferFails \/ WriteSlot \/ PublishTail
    \/ LoadOwnHead \/ LoadTail \/ PollEmpty \/ ReadSlot \/ ClearSlot \/ ReleaseHead
    \/ \E t \in Threads : Flush(t)
    \/ Finished

Spec == Init /\ [][Next]_vars

\* poll returns the values in the order offered: none lost, none twice, never null.
Fifo == \A i \in 1 .. Len(recv) : recv[i] = i
=============================================================================
