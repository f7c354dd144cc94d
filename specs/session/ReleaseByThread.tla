-------------------- MODULE ReleaseByThread --------------------
(* BROKEN SIBLING (c): release decrements the counter of the thread that    *)
(* runs it instead of the counter its ticket names. With a hand-off, that is *)
(* another counter: one counts a holder it does not have, one goes negative. *)
(* Caught by: TicketsBalance and CountsNeverNegative (one model each).       *)
(*****************************************************************************)
EXTENDS ShardedSession

ReleaseOwnCounter(t) ==       \* replaces Release: c[home(current thread)] -= 1
    /\ pc[t] = "holding"
    /\ c' = [c EXCEPT ![Home(Handoff(t))] = @ - 1]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED <<v, ticket>> /\ UNCHANGED closerVars

ReleaseByThreadThread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ ReleaseOwnCounter(t)
ReleaseByThreadNext == (\E t \in Threads : ReleaseByThreadThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
ReleaseByThreadSpec ==
    /\ Init /\ [][ReleaseByThreadNext]_vars
    /\ \A t \in Threads : WF_vars(ReleaseByThreadThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
