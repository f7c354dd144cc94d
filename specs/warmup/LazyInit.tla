------------------------------- MODULE LazyInit -------------------------------
(***************************************************************************)
(* Warm-up 2 (docs/learn.md): check-then-act. Threads share a lazily made  *)
(* object: the first to find it missing makes it. With UseCas = FALSE a    *)
(* thread checks the flag (if (!ready)), then makes the object, then sets  *)
(* the flag: three steps. With UseCas = TRUE it claims the right to make   *)
(* it by compareAndSet(false, true) on the flag, one step, and only the    *)
(* winner makes it.                                                        *)
(*                                                                         *)
(* Modelled: interleavings under sequential consistency. Not modelled:     *)
(* other threads reading the object before it is made (a second exercise). *)
(***************************************************************************)
EXTENDS Naturals

CONSTANTS
    Threads,   \* the threads, e.g. {t1, t2}
    UseCas     \* TRUE: claim by CAS; FALSE: check, then act

VARIABLES
    ready,   \* the shared flag: someone makes (or made) the object
    pc,      \* per thread: "check", "make", "set" or "done"
    made     \* how many objects were made

vars == <<ready, pc, made>>

Init ==
    /\ ready = FALSE
    /\ pc = [t \in Threads |-> "check"]
    /\ made = 0

\* UseCas = FALSE: if (!ready) go on to make it, else done.
Check(t) ==
    /\ ~UseCas /\ pc[t] = "check"
    /\ pc' = [pc EXCEPT ![t] = IF ready THEN "done" ELSE "make"]
    /\ UNCHANGED <<ready, made>>

\* UseCas = TRUE: compareAndSet(false, true); the winner makes it.
Claim(t) ==
    /\ UseCas /\ pc[t] = "check"
    /\ IF ready
          THEN pc' = [pc EXCEPT ![t] = "done"] /\ UNCHANGED ready
          ELSE pc' = [pc EXCEPT ![t] = "make"] /\ ready' = TRUE
    /\ UNCHANGED made

Make(t) ==
    /\ pc[t] = "make"
    /\ made' = made + 1
    /\ pc' = [pc EXCEPT ![t] = IF UseCas THEN "done" ELSE "set"]
    /\ UNCHANGED ready

\* UseCas = FALSE: ready = true, after making it.
Set(t) ==
    /\ pc[t] = "set"
    /\ ready' = TRUE
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED made

Done == (\A t \in Threads : pc[t] = "done") /\ UNCHANGED vars

Next == (\E t \in Threads : Check(t) \/ Claim(t) \/ Make(t) \/ Set(t)) \/ Done

Spec == Init /\ [][Next]_vars

\* At most one object is ever made.
MadeOnce == made <= 1

\* Once every thread is done, the object exists.
MadeWhenDone == (\A t \in Threads : pc[t] = "done") => made = 1

\* Witness: every thread done and one object made: the others found it made (or
\* claimed) and skipped, the case the check exists for. WarmInit-Shared must violate it.
NotShared == ~((\A t \in Threads : pc[t] = "done") /\ made = 1)
=============================================================================
