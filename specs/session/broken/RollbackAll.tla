-------------------- MODULE RollbackAll --------------------
(* BROKEN SIBLING (a): the rollback of a failed close resets EVERY CLOSING  *)
(* counter to 0, another closer's marks included. That closer goes on, sees  *)
(* all its marks done, and commits CLOSED over a counter an acquire has      *)
(* meanwhile entered: a holder while closed.                                 *)
(* Caught by: NoUseAfterClose (invariant); needs two closers.               *)
(*****************************************************************************)
EXTENDS ShardedSession

RollbackEveryClosing(k) ==    \* replaces CloseRollback
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ IF \A i \in Counters : c[i] # CLOSING
          THEN /\ cpc' = [cpc EXCEPT ![k] = IF @ = "rollbackClosed" THEN "closed" ELSE "busy"]
               /\ UNCHANGED <<c, marked, owner>>
          ELSE LET j == CHOOSE x \in Counters : c[x] = CLOSING IN
               /\ c' = [c EXCEPT ![j] = 0]
               /\ marked' = [marked EXCEPT ![k] = @ \ {j}]
               /\ owner' = [owner EXCEPT ![j] = NoCloser]
               /\ UNCHANGED cpc
    /\ UNCHANGED ci /\ UNCHANGED threadVars

RollbackAllCloser(k) == CloseMark(k) \/ RollbackEveryClosing(k) \/ CloseCommit(k)
RollbackAllNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : RollbackAllCloser(k)) \/ Terminating
RollbackAllSpec ==
    /\ Init /\ [][RollbackAllNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(RollbackAllCloser(k))
=============================================================================
