-------------------- MODULE AdaptInflateOldTicket --------------------
(* BROKEN SIBLING (o) of AdaptiveSession: an acquire that inflated (or     *)
(* found the stripes after its base CAS failed) increments a stripe but    *)
(* returns the base's ticket, the counter it started on (in Java: `return  *)
(* BASE` in the inflate path). Its release decrements the base: one stripe *)
(* counts a holder nobody will release, and the base loses one.            *)
(* Caught by: TicketsBalance and CountsNeverNegative (invariants; one      *)
(* model each).                                                            *)
(*****************************************************************************)
EXTENDS AdaptiveSession

AcquireCasOldTicket(t) ==     \* replaces AcquireCas: after an inflate, the ticket names the base
    /\ pc[t] = "cas"
    /\ IF c[ticket[t]] = v[t]
          THEN /\ c' = [c EXCEPT ![ticket[t]] = v[t] + 1]
               /\ pc' = [pc EXCEPT ![t] = "holding"]
               /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
               /\ ticket' = [ticket EXCEPT ![t] = IF inflateSaw[t] # {} THEN Base ELSE @]   \* the bug
          ELSE /\ pc' = [pc EXCEPT ![t] = IF ticket[t] = Base THEN "inflate" ELSE "load"]
               /\ UNCHANGED <<c, held, ticket>>
    /\ UNCHANGED <<cells, v, round, waitedOn, inflateSaw>> /\ UNCHANGED closerVars

OldTicketThread(t) == LoadCells(t) \/ AcquireLoad(t) \/ AcquireCasOldTicket(t) \/ Inflate(t) \/ Release(t)
OldTicketNext == (\E t \in Threads : OldTicketThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
OldTicketSpec ==
    /\ Init /\ [][OldTicketNext]_vars
    /\ \A t \in Threads : WF_vars(OldTicketThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
