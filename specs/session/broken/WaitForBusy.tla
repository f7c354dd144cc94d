-------------------- MODULE WaitForBusy --------------------
(* BROKEN SIBLING (h): a close that finds a busy counter waits for it to    *)
(* become 0 instead of rolling back. Two closers that each marked a counter  *)
(* the other needs wait for each other forever.                               *)
(* Caught by: EveryCloseReturns (liveness).                                   *)
(*****************************************************************************)
EXTENDS ShardedSession

MarkOrWait(k) ==              \* replaces CloseMark: CAS(0, CLOSING), waiting while busy
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       /\ c[i] = 0
       /\ c' = [c EXCEPT ![i] = CLOSING]
       /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
       /\ owner' = [owner EXCEPT ![i] = k]
       /\ IF i = N - 1
             THEN ci' = [ci EXCEPT ![k] = 0] /\ cpc' = [cpc EXCEPT ![k] = "commit"]
             ELSE ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
    /\ UNCHANGED threadVars

WaitForBusyCloser(k) == MarkOrWait(k) \/ CloseCommit(k)
WaitForBusyNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : WaitForBusyCloser(k)) \/ Terminating
WaitForBusySpec ==
    /\ Init /\ [][WaitForBusyNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(WaitForBusyCloser(k))
=============================================================================
