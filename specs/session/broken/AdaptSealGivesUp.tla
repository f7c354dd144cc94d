-------------------- MODULE AdaptSealGivesUp --------------------
(* BROKEN SIBLING (p) of AdaptiveSession: a close whose seal finds stripes *)
(* gives up ("Session is acquired": it takes the failed CAS for            *)
(* contention) instead of marking them. Safe, but a session that was ever  *)
(* contended can no longer be closed, even idle, even alone. The stripes   *)
(* can appear with nobody holding: an acquire's base CAS fails against the *)
(* close's own mark.                                                       *)
(* Caught by: IdleCloseSucceeds (action property) and, with two closers,   *)
(* IdleClosesOneSucceeds (invariant).                                      *)
(*****************************************************************************)
EXTENDS AdaptiveSession

SealOrGiveUp(k) ==            \* replaces CloseSeal: stripes found means busy
    /\ cpc[k] = "seal"
    /\ IF cells = "none"
          THEN cells' = "sealed" /\ cpc' = [cpc EXCEPT ![k] = "commit"]
          ELSE UNCHANGED cells /\ cpc' = [cpc EXCEPT ![k] = "rollbackBusy"]
    /\ UNCHANGED <<c, ci, marked, owner>> /\ UNCHANGED threadVars

GivesUpCloser(k) == CloseMark(k) \/ SealOrGiveUp(k) \/ CloseRollback(k) \/ CloseCommit(k)
GivesUpNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : GivesUpCloser(k)) \/ Terminating
GivesUpSpec ==
    /\ Init /\ [][GivesUpNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(GivesUpCloser(k))
=============================================================================
