----------------------------- MODULE Sequencer -----------------------------
(***************************************************************************)
(* What a multi-producer sequencer promises, with no algorithm in it:      *)
(* claims hand out each sequence once (a claim may take a batch); claimed  *)
(* sequences are published, one or a run at once, once their ring slots are *)
(* free; the cursor, which consumers follow, moves forward only over       *)
(* published sequences (several at once when they are all published: a     *)
(* consumer cannot tell that from as many single steps), and it eventually *)
(* reaches every published sequence that has no gap below it: the cursor is *)
(* (eventually) the longest gap-free published prefix.                     *)
(*                                                                         *)
(* PendingList.tla refines this spec (its property Refinement), with the   *)
(* identity mapping: the algorithm's history variable `published` is the   *)
(* set of sequences whose pending store (or fast-path guard) has happened. *)
(***************************************************************************)
EXTENDS Integers

CONSTANTS N, BufferSize

VARIABLES next, cursor, consumed, published

avars == <<next, cursor, consumed, published>>

Init == next = -1 /\ cursor = -1 /\ consumed = -1 /\ published = {}

\* A claim hands out the next n sequences at once (a batch; n = 1 for a single claim).
Claim == \E n \in 1 .. N - 1 - next : next' = next + n /\ UNCHANGED <<cursor, consumed, published>>

\* Publication of the claimed sequences a .. b at once (a = b: one sequence;
\* PendingList's fast path publishes a whole batch in one step, its parks one
\* sequence each).
Publish(a, b) ==
    /\ a <= b /\ b <= next
    /\ (a .. b) \cap published = {}
    /\ b - BufferSize <= consumed       \* their ring slots are free
    /\ published' = published \cup (a .. b)
    /\ UNCHANGED <<next, cursor, consumed>>

\* The cursor moves over k >= 1 published sequences (PendingList's fast path
\* moves it over a whole batch with one CAS; every other step moves it by one).
Advance ==
    /\ \E k \in 1 .. N - 1 - cursor :
          /\ cursor + 1 .. cursor + k \subseteq published
          /\ cursor' = cursor + k
    /\ UNCHANGED <<next, consumed, published>>

Consume == consumed < cursor /\ consumed' = consumed + 1 /\ UNCHANGED <<next, cursor, published>>

Next == Claim \/ (\E a, b \in 0 .. N - 1 : Publish(a, b)) \/ Advance \/ Consume

Spec == Init /\ [][Next]_avars /\ WF_avars(Advance) /\ WF_avars(Consume)
=============================================================================
