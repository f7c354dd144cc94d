-------------------- MODULE FailOnClosing --------------------
(* BROKEN SIBLING (e): an acquire that finds CLOSING fails at once instead  *)
(* of spinning. The close may still roll back: the acquire failed on a       *)
(* session that stays open.                                                   *)
(* Caught by: NoSpuriousAcquireFailure (invariant).                           *)
(*****************************************************************************)
EXTENDS ShardedSession

LoadOrFail(t) ==              \* replaces AcquireLoad: CLOSING counts as closed
    /\ pc[t] = "load"
    /\ IF c[ticket[t]] \in {CLOSED, CLOSING}
          THEN pc' = [pc EXCEPT ![t] = "failed"] /\ UNCHANGED v
          ELSE pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = c[ticket[t]]]
    /\ UNCHANGED <<c, ticket, round, held, waitedOn, moved>> /\ UNCHANGED closerVars

FailOnClosingThread(t) == LoadOrFail(t) \/ AcquireCas(t) \/ Release(t)
FailOnClosingNext == (\E t \in Threads : FailOnClosingThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
FailOnClosingSpec ==
    /\ Init /\ [][FailOnClosingNext]_vars
    /\ \A t \in Threads : WF_vars(FailOnClosingThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
