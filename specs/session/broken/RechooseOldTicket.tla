-------------------- MODULE RechooseOldTicket --------------------
(* BROKEN SIBLING (l): re-choosing (Rechoose) done wrong. An acquire whose  *)
(* CAS failed moves to another counter and increments that one, but returns *)
(* the counter it started on as its ticket (in Java: `return home` where   *)
(* `return i` was meant). Its release then decrements a counter it did not *)
(* increment: one counter counts a holder nobody will release, the other   *)
(* loses one, and a close can commit over the holder.                      *)
(* Caught by: TicketsBalance (invariant).                                   *)
(*****************************************************************************)
EXTENDS ShardedSession

VARIABLE first     \* per thread: the counter its current acquire started on

oldTicketVars == <<vars, first>>

OldTicketInit == Init /\ first = ticket

AcquireCasOldTicket(t) ==      \* replaces AcquireCas: re-chooses on failure, returns the first counter
    /\ pc[t] = "cas"
    /\ IF c[ticket[t]] = v[t]
          THEN /\ c' = [c EXCEPT ![ticket[t]] = v[t] + 1]
               /\ pc' = [pc EXCEPT ![t] = "holding"]
               /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
               /\ ticket' = [ticket EXCEPT ![t] = first[t]]      \* the bug: the ticket names the first counter
               /\ UNCHANGED moved
          ELSE /\ pc' = [pc EXCEPT ![t] = "load"]
               /\ UNCHANGED <<c, held>>
               /\ \E i \in Counters :
                     /\ ticket' = [ticket EXCEPT ![t] = i]
                     /\ moved' = [moved EXCEPT ![t] = @ \/ i # ticket[t]]
    /\ UNCHANGED <<v, round, waitedOn, first>> /\ UNCHANGED closerVars

ReleaseOld(t) ==               \* Release; the next acquire starts where NextAcquire put it
    /\ Release(t)
    /\ first' = [first EXCEPT ![t] = ticket'[t]]

OldTicketThread(t) ==
    \/ AcquireLoad(t) /\ UNCHANGED first
    \/ AcquireCasOldTicket(t)
    \/ ReleaseOld(t)
OldTicketNext ==
    \/ \E t \in Threads : OldTicketThread(t)
    \/ \E k \in Closers : Closer(k) /\ UNCHANGED first
    \/ Terminating /\ UNCHANGED first
OldTicketSpec ==
    /\ OldTicketInit /\ [][OldTicketNext]_oldTicketVars
    /\ \A t \in Threads : WF_oldTicketVars(OldTicketThread(t))
    /\ \A k \in Closers : WF_oldTicketVars(Closer(k) /\ UNCHANGED first)
=============================================================================
