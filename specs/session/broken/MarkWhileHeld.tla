-------------------- MODULE MarkWhileHeld --------------------
(* BROKEN SIBLING (i): phase 1 stores CLOSING without comparing (a plain   *)
(* store instead of CAS(0, CLOSING)), so a close commits over holders.        *)
(* Caught by: CloseSucceedsOnlyWhenIdle (invariant) and the refinement of      *)
(* Session (one model each).                                                  *)
(*****************************************************************************)
EXTENDS ShardedSession

MarkBlindly(k) ==             \* replaces CloseMark: c[i] = CLOSING unless CLOSED
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       IF c[i] # CLOSED
          THEN /\ c' = [c EXCEPT ![i] = CLOSING]
               /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
               /\ owner' = [owner EXCEPT ![i] = k]
               /\ IF i = N - 1
                     THEN ci' = [ci EXCEPT ![k] = 0] /\ cpc' = [cpc EXCEPT ![k] = "commit"]
                     ELSE ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
          ELSE /\ cpc' = [cpc EXCEPT ![k] = "rollbackClosed"]
               /\ UNCHANGED <<c, ci, marked, owner>>
    /\ UNCHANGED threadVars

MarkWhileHeldCloser(k) == MarkBlindly(k) \/ CloseRollback(k) \/ CloseCommit(k)
MarkWhileHeldNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : MarkWhileHeldCloser(k)) \/ Terminating
MarkWhileHeldSpec ==
    /\ Init /\ [][MarkWhileHeldNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(MarkWhileHeldCloser(k))
=============================================================================
