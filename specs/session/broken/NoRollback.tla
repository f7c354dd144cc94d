-------------------- MODULE NoRollback --------------------
(* BROKEN SIBLING (g): a close that finds a busy counter fails without     *)
(* resetting the counters it already marked. They stay CLOSING forever.       *)
(* Caught by: FailedCloseLeavesNoMarks (invariant). Checked alone, the        *)
(* deadlock check fails too: an acquire waits on a leftover mark forever.     *)
(*****************************************************************************)
EXTENDS ShardedSession

GiveUp(k) ==                  \* replaces CloseRollback: fail, marks left behind
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ cpc' = [cpc EXCEPT ![k] = IF @ = "rollbackClosed" THEN "closed" ELSE "busy"]
    /\ UNCHANGED <<c, ci, marked, owner>> /\ UNCHANGED threadVars

NoRollbackCloser(k) == CloseMark(k) \/ GiveUp(k) \/ CloseCommit(k)
NoRollbackNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : NoRollbackCloser(k)) \/ Terminating
NoRollbackSpec ==
    /\ Init /\ [][NoRollbackNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(NoRollbackCloser(k))
=============================================================================
