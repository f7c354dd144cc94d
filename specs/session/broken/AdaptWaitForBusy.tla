-------------------- MODULE AdaptWaitForBusy --------------------
(* BROKEN SIBLING (q) of AdaptiveSession: a close that finds a busy        *)
(* counter (the base or a stripe) waits for it to become 0 instead of      *)
(* rolling back. A closer that finds another's mark, or CLOSED, waits      *)
(* forever: a committed counter never returns to 0.                        *)
(* Caught by: EveryCloseReturns (liveness).                                *)
(*****************************************************************************)
EXTENDS AdaptiveSession

MarkOrWait(k) ==              \* replaces CloseMark: CAS(0, CLOSING), waiting while busy
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       /\ c[i] = 0
       /\ c' = [c EXCEPT ![i] = CLOSING]
       /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
       /\ owner' = [owner EXCEPT ![i] = k]
       /\ CASE i = Base -> cpc' = [cpc EXCEPT ![k] = "seal"] /\ UNCHANGED ci
            [] i = N    -> cpc' = [cpc EXCEPT ![k] = "commit"] /\ ci' = [ci EXCEPT ![k] = Base]
            [] OTHER    -> ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
    /\ UNCHANGED cells /\ UNCHANGED threadVars

WaitCloser(k) == MarkOrWait(k) \/ CloseSeal(k) \/ CloseCommit(k)
WaitNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : WaitCloser(k)) \/ Terminating
WaitSpec ==
    /\ Init /\ [][WaitNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(WaitCloser(k))
=============================================================================
