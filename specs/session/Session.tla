------------------------------ MODULE Session ------------------------------
(***************************************************************************)
(* What a closeable acquire/release session promises, with no algorithm   *)
(* in it: one count of holders and a state OPEN or CLOSED. Acquire         *)
(* succeeds only while OPEN; close succeeds only while OPEN with no        *)
(* holder; once CLOSED, it stays CLOSED. A failed acquire or close changes *)
(* nothing (a stuttering step here).                                       *)
(*                                                                         *)
(* ShardedSession.tla refines it (property Refinement) with count = the    *)
(* number of holding threads and state = CLOSED from the moment a close    *)
(* has marked every counter (its linearization point); AtomicSession.tla,  *)
(* the one-counter baseline, refines it too.                               *)
(***************************************************************************)
EXTENDS Naturals

CONSTANT T      \* how many threads may hold it at once

VARIABLES count, state

Init == count = 0 /\ state = "OPEN"

Acquire == state = "OPEN" /\ count < T /\ count' = count + 1 /\ UNCHANGED state
Release == count > 0 /\ count' = count - 1 /\ UNCHANGED state
Close   == state = "OPEN" /\ count = 0 /\ state' = "CLOSED" /\ UNCHANGED count

Next == Acquire \/ Release \/ Close

Spec == Init /\ [][Next]_<<count, state>>
=============================================================================
