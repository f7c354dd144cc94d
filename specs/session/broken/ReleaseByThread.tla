-------------------- MODULE ReleaseByThread --------------------
(* BROKEN SIBLING (c): release decrements the counter of the thread that    *)
(* runs it (its home: any counter, threads migrate and tickets are handed    *)
(* off) instead of the counter its ticket names. When the two differ, one   *)
(* counts a holder it does not have, one goes negative.                      *)
(* Caught by: TicketsBalance and CountsNeverNegative (one model each).       *)
(*****************************************************************************)
EXTENDS ShardedSession

ReleaseOwnCounter(t) ==       \* replaces Release: c[home(releasing thread)] -= 1, any counter
    /\ pc[t] = "holding"
    /\ \E j \in Counters : c' = [c EXCEPT ![j] = @ - 1]
    /\ NextAcquire(t)
    /\ UNCHANGED <<v, held, moved>> /\ UNCHANGED closerVars

ReleaseByThreadThread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ ReleaseOwnCounter(t)
ReleaseByThreadNext == (\E t \in Threads : ReleaseByThreadThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
ReleaseByThreadSpec ==
    /\ Init /\ [][ReleaseByThreadNext]_vars
    /\ \A t \in Threads : WF_vars(ReleaseByThreadThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
