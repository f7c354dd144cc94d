-------------------- MODULE AdaptNoSeal --------------------
(* BROKEN SIBLING (m) of AdaptiveSession: the close only LOADS the stripes *)
(* reference after marking the base, and commits the base alone when it   *)
(* finds none (in Java: `if (cells == null) commit(base)`). An acquire     *)
(* whose base CAS failed against that very mark inflates after the load    *)
(* and acquires a fresh stripe that nobody marks: a holder in a closed     *)
(* session.                                                                *)
(* Caught by: NoUseAfterClose (invariant), and so Refinement.              *)
(* (This close commits the stripes too if they exist by then; the Java     *)
(* would not even do that. The violation comes before any commit.)         *)
(*****************************************************************************)
EXTENDS AdaptiveSession

CloseLoadCells(k) ==          \* replaces CloseSeal: a load, no CAS: nothing stops an inflate
    /\ cpc[k] = "seal"
    /\ IF cells = "inflated"
          THEN cpc' = [cpc EXCEPT ![k] = "mark"] /\ ci' = [ci EXCEPT ![k] = 1]
          ELSE cpc' = [cpc EXCEPT ![k] = "commit"] /\ UNCHANGED ci
    /\ UNCHANGED <<c, cells, marked, owner>> /\ UNCHANGED threadVars

NoSealCloser(k) == CloseMark(k) \/ CloseLoadCells(k) \/ CloseRollback(k) \/ CloseCommit(k)
NoSealNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : NoSealCloser(k)) \/ Terminating
NoSealSpec ==
    /\ Init /\ [][NoSealNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(NoSealCloser(k))
=============================================================================
