-------------------- MODULE AdaptRollbackStripesOnly --------------------
(* BROKEN SIBLING (u) of AdaptiveSession: the rollback resets the stripes  *)
(* this call marked but forgets the base (in Java: a rollback loop over    *)
(* the stripes array only). A close that failed on a busy stripe leaves    *)
(* the base CLOSING: acquires through it spin forever, later closes fail.  *)
(* Caught by: FailedCloseLeavesNoMarks (invariant). Checked alone, the     *)
(* deadlock check fails too: an acquire waits on the base's mark forever.  *)
(*****************************************************************************)
EXTENDS AdaptiveSession

RollbackStripes(k) ==         \* replaces CloseRollback: the base's mark is dropped from the list, not reset
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ IF marked[k] \cap Stripes = {}
          THEN /\ cpc' = [cpc EXCEPT ![k] = IF @ = "rollbackClosed" THEN "closed" ELSE "busy"]
               /\ marked' = [marked EXCEPT ![k] = {}]
               /\ UNCHANGED <<c, owner>>
          ELSE LET j == CHOOSE x \in marked[k] \cap Stripes : TRUE IN
               /\ c' = [c EXCEPT ![j] = 0]
               /\ marked' = [marked EXCEPT ![k] = @ \ {j}]
               /\ owner' = [owner EXCEPT ![j] = NoCloser]
               /\ UNCHANGED cpc
    /\ UNCHANGED <<cells, ci>> /\ UNCHANGED threadVars

StripesOnlyCloser(k) == CloseMark(k) \/ CloseSeal(k) \/ RollbackStripes(k) \/ CloseCommit(k)
StripesOnlyNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : StripesOnlyCloser(k)) \/ Terminating
StripesOnlySpec ==
    /\ Init /\ [][StripesOnlyNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(StripesOnlyCloser(k))
=============================================================================
