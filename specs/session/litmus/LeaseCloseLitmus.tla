--------------------------- MODULE LeaseCloseLitmus ---------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.session.LeaseCloseTest: one counter counts two      *)
(* holders when the test starts, thread 1 (the lease's acquire) and thread 2 *)
(* (a keeper). Actors A and B close the lease at once: a close is a CAS of   *)
(* the lease's released flag (Java: Lease.casReleased) and, for the one that *)
(* wins it, the spec's Release of thread 1's ticket; the loser is refused.   *)
(* Outcome: "<A released>, <B released>, <holders of counter 0 after>".     *)
(*                                                                           *)
(* The lease is a wrapper outside ShardedSession.tla, which knows only the  *)
(* tickets' Release; this model adds its flag and nothing else.             *)
(* Not covered: nothing beyond sequential consistency is at stake; the flag  *)
(* is a CAS and every counter access is volatile or a CAS.                   *)
(*****************************************************************************)
EXTENDS ShardedSession, Sequences, TLC

CONSTANTS A, B              \* the two closing actors (model values)

Actors == {A, B}

VARIABLES
    released,   \* the lease's flag (Java: Lease.released)
    lpc,        \* per actor: "close", "release", "done"
    won         \* per actor: its close released the lease

litmusVars == <<vars, released, lpc, won>>

\* Both threads hold a ticket on counter 0 (N = 1); no close of the session is under way.
LitmusInit ==
    /\ c = [i \in Counters |-> 2]
    /\ pc = [t \in Threads |-> "holding"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = [t \in Threads |-> 0]
    /\ round = [t \in Threads |-> 1]
    /\ held = [t \in Threads |-> {0}]
    /\ waitedOn = [t \in Threads |-> {}]
    /\ moved = [t \in Threads |-> FALSE]
    /\ cpc = [k \in Closers |-> "ok"]
    /\ ci = [k \in Closers |-> 0]
    /\ marked = [k \in Closers |-> {}]
    /\ owner = [i \in Counters |-> NoCloser]
    /\ released = FALSE
    /\ lpc = [a \in Actors |-> "close"]
    /\ won = [a \in Actors |-> FALSE]

(* Lease.close: CAS(released, FALSE, TRUE); the loser is refused *)
CasReleased(a) ==
    /\ lpc[a] = "close"
    /\ IF ~released
          THEN released' = TRUE /\ won' = [won EXCEPT ![a] = TRUE] /\ lpc' = [lpc EXCEPT ![a] = "release"]
          ELSE lpc' = [lpc EXCEPT ![a] = "done"] /\ UNCHANGED <<released, won>>
    /\ UNCHANGED vars

(* ... and the winner releases the lease's ticket (thread 1's) *)
LeaseRelease(a) ==
    /\ lpc[a] = "release"
    /\ Release(1)
    /\ lpc' = [lpc EXCEPT ![a] = "done"]
    /\ UNCHANGED <<released, won>>

Finished == \A a \in Actors : lpc[a] = "done"

LitmusNext ==
    \/ \E a \in Actors : CasReleased(a) \/ LeaseRelease(a)
    \/ Finished /\ UNCHANGED litmusVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_litmusVars

Code(a) == IF won[a] THEN "1" ELSE "0"
Outcome == Code(A) \o ", " \o Code(B) \o ", " \o ToString(c[0])
=============================================================================
