----------------------------- MODULE Sequencer -----------------------------
(***************************************************************************)
(* What a multi-producer sequencer promises, with no algorithm in it:      *)
(* claims hand out each sequence once (a claim may take a batch); a claimed sequence is published     *)
(* once its ring slot is free; the cursor, which consumers follow, moves   *)
(* one sequence at a time and only over published sequences, and it       *)
(* eventually reaches every published sequence that has no gap below it:   *)
(* the cursor is (eventually) the longest gap-free published prefix.       *)
(*                                                                         *)
(* PendingList.tla refines this spec (its property Refinement), with the   *)
(* identity mapping: the algorithm's history variable `published` is the   *)
(* set of sequences whose pending store has happened.                      *)
(***************************************************************************)
EXTENDS Integers

CONSTANTS N, BufferSize

VARIABLES next, cursor, consumed, published

avars == <<next, cursor, consumed, published>>

Init == next = -1 /\ cursor = -1 /\ consumed = -1 /\ published = {}

\* A claim hands out the next n sequences at once (a batch; n = 1 for a single claim).
Claim == \E n \in 1 .. N - 1 - next : next' = next + n /\ UNCHANGED <<cursor, consumed, published>>

Publish(s) ==
    /\ s \in 0 .. next
    /\ s \notin published
    /\ s - BufferSize <= consumed       \* its ring slot is free
    /\ published' = published \cup {s}
    /\ UNCHANGED <<next, cursor, consumed>>

Advance ==
    /\ cursor + 1 \in published
    /\ cursor' = cursor + 1
    /\ UNCHANGED <<next, consumed, published>>

Consume == consumed < cursor /\ consumed' = consumed + 1 /\ UNCHANGED <<next, cursor, published>>

Next == Claim \/ (\E s \in 0 .. N - 1 : Publish(s)) \/ Advance \/ Consume

Spec == Init /\ [][Next]_avars /\ WF_avars(Advance) /\ WF_avars(Consume)
=============================================================================
