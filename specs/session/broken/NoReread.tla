-------------------- MODULE NoReread --------------------
(* BROKEN SIBLING (d): an acquire that finds CLOSING waits it out and then  *)
(* increments without reading the counter again. If the close committed in   *)
(* the meantime, it enters a CLOSED session.                                  *)
(* Caught by: NoUseAfterClose (invariant).                                    *)
(*****************************************************************************)
EXTENDS ShardedSession

LoadOnce(t) ==                \* replaces AcquireLoad: on CLOSING, go wait, never re-read
    /\ pc[t] = "load"
    /\ CASE c[ticket[t]] = CLOSED  -> pc' = [pc EXCEPT ![t] = "failed"] /\ UNCHANGED v
         [] c[ticket[t]] = CLOSING -> pc' = [pc EXCEPT ![t] = "waitThenInc"] /\ UNCHANGED v
         [] OTHER                  -> pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = c[ticket[t]]]
    /\ UNCHANGED <<c, ticket, round, held, waitedOn, moved>> /\ UNCHANGED closerVars

WaitThenIncrement(t) ==       \* spin while CLOSING, then c[home] += 1, whatever it now holds
    /\ pc[t] = "waitThenInc"
    /\ c[ticket[t]] # CLOSING
    /\ c' = [c EXCEPT ![ticket[t]] = @ + 1]
    /\ pc' = [pc EXCEPT ![t] = "holding"]
    /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
    /\ UNCHANGED <<v, ticket, round, waitedOn, moved>> /\ UNCHANGED closerVars

NoRereadThread(t) == LoadOnce(t) \/ WaitThenIncrement(t) \/ AcquireCas(t) \/ Release(t)
NoRereadNext == (\E t \in Threads : NoRereadThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
NoRereadSpec ==
    /\ Init /\ [][NoRereadNext]_vars
    /\ \A t \in Threads : WF_vars(NoRereadThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
