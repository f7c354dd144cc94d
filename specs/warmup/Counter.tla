------------------------------- MODULE Counter -------------------------------
(***************************************************************************)
(* Warm-up 1 (docs/learn.md): two threads each add one to a shared counter. *)
(* With Atomic = TRUE an increment is one atomic step (getAndIncrement).    *)
(* With Atomic = FALSE it is two: read the counter into a local, then write *)
(* the local plus one back (x++ on a plain or volatile field).              *)
(*                                                                         *)
(* Modelled: the interleavings of the threads' steps, under sequential     *)
(* consistency (every read sees the latest write). Not modelled: anything  *)
(* the Java memory model adds; the warm-up is about atomicity alone.       *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets

CONSTANTS
    Threads,   \* the threads, e.g. {t1, t2}
    Atomic     \* TRUE: one step per increment; FALSE: read, then write

VARIABLES
    x,     \* the shared counter
    pc,    \* per thread: "start", "write" (read done, write to come) or "done"
    tmp    \* per thread: the value it read

vars == <<x, pc, tmp>>

Init ==
    /\ x = 0
    /\ pc = [t \in Threads |-> "start"]
    /\ tmp = [t \in Threads |-> 0]

\* Atomic = TRUE: x = x + 1 in one step.
Increment(t) ==
    /\ Atomic /\ pc[t] = "start"
    /\ x' = x + 1
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED tmp

\* Atomic = FALSE, step 1: tmp = x.
Read(t) ==
    /\ ~Atomic /\ pc[t] = "start"
    /\ tmp' = [tmp EXCEPT ![t] = x]
    /\ pc' = [pc EXCEPT ![t] = "write"]
    /\ UNCHANGED x

\* Atomic = FALSE, step 2: x = tmp + 1.
Write(t) ==
    /\ pc[t] = "write"
    /\ x' = tmp[t] + 1
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED tmp

Done == (\A t \in Threads : pc[t] = "done") /\ UNCHANGED vars

Next == (\E t \in Threads : Increment(t) \/ Read(t) \/ Write(t)) \/ Done

Spec == Init /\ [][Next]_vars

\* Once every thread is done, every increment is in the counter.
NoLostIncrement == (\A t \in Threads : pc[t] = "done") => x = Cardinality(Threads)

\* Witness: the state NoLostIncrement speaks of, every thread done, is reached
\* (else the property would hold vacuously). WarmCounter-AllDone must violate it.
NotAllDone == ~(\A t \in Threads : pc[t] = "done")
=============================================================================
