-------------------- MODULE SpinOnClosed --------------------
(* BROKEN SIBLING (f): an acquire spins on CLOSED as it does on CLOSING.    *)
(* After a close commits, it spins forever.                                   *)
(* Caught by: EveryAcquireReturns and SpinningAcquiresFailAfterClose          *)
(* (liveness; one model each).                                                *)
(*****************************************************************************)
EXTENDS ShardedSession

LoadSpinningOnClosed(t) ==    \* replaces AcquireLoad: waits while CLOSING or CLOSED
    /\ pc[t] = "load"
    /\ c[ticket[t]] \notin {CLOSING, CLOSED}
    /\ pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = c[ticket[t]]]
    /\ UNCHANGED <<c, ticket, round, held, waitedOn, moved>> /\ UNCHANGED closerVars

SpinOnClosedThread(t) == LoadSpinningOnClosed(t) \/ AcquireCas(t) \/ Release(t)
SpinOnClosedNext == (\E t \in Threads : SpinOnClosedThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
SpinOnClosedSpec ==
    /\ Init /\ [][SpinOnClosedNext]_vars
    /\ \A t \in Threads : WF_vars(SpinOnClosedThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
