-------------------- MODULE AdaptSealFirst --------------------
(* BROKEN SIBLING (v) of AdaptiveSession: the close seals before it marks  *)
(* the base (in Java: the two CASes swapped). When the base is busy, the   *)
(* close fails, and its seal stays: a seal is never undone. The next close *)
(* of the session, open and idle by then, finds the seal and fails as if   *)
(* the session were closed; acquires that lose a base CAS can no longer    *)
(* spread.                                                                 *)
(* Caught by: FirstIdleCloseSucceeds (action property): IdleCloseSucceeds  *)
(* with a close that has sealed counted as in its call. IdleCloseSucceeds  *)
(* itself, checked alone with this config, fails in 3 states on two        *)
(* racing closes (the second finds the first's seal), a failure the        *)
(* contract allows: InCall cannot see that the first close has begun.      *)
(*****************************************************************************)
EXTENDS AdaptiveSession

VARIABLE found       \* per closer: what its seal found ("unset" before it ran)

firstVars == <<vars, found>>

FirstInit == Init /\ found = [k \in Closers |-> "unset"]

SealBeforeMark(k) ==          \* the seal, first
    /\ cpc[k] = "mark" /\ found[k] = "unset"
    /\ found' = [found EXCEPT ![k] = cells]
    /\ CASE cells = "none"     -> cells' = "sealed" /\ UNCHANGED cpc
         [] cells = "inflated" -> UNCHANGED <<cells, cpc>>
         [] cells = "sealed"   -> UNCHANGED cells /\ cpc' = [cpc EXCEPT ![k] = "rollbackClosed"]
    /\ UNCHANGED <<c, ci, marked, owner>> /\ UNCHANGED threadVars

MarkAfterSeal(k) == found[k] # "unset" /\ CloseMark(k) /\ UNCHANGED found

AfterBaseMark(k) ==           \* replaces CloseSeal: the seal has been done; commit, or mark the stripes
    /\ cpc[k] = "seal"
    /\ IF found[k] = "none"
          THEN cpc' = [cpc EXCEPT ![k] = "commit"] /\ UNCHANGED ci
          ELSE cpc' = [cpc EXCEPT ![k] = "mark"] /\ ci' = [ci EXCEPT ![k] = 1]
    /\ UNCHANGED <<c, cells, marked, owner, found>> /\ UNCHANGED threadVars

FirstCloser(k) ==
    \/ SealBeforeMark(k)
    \/ MarkAfterSeal(k)
    \/ AfterBaseMark(k)
    \/ (CloseRollback(k) \/ CloseCommit(k)) /\ UNCHANGED found
FirstNext ==
    \/ \E t \in Threads : Thread(t) /\ UNCHANGED found
    \/ \E k \in Closers : FirstCloser(k)
    \/ Terminating /\ UNCHANGED found
FirstSpec ==
    /\ FirstInit /\ [][FirstNext]_firstVars
    /\ \A t \in Threads : WF_firstVars(Thread(t) /\ UNCHANGED found)
    /\ \A k \in Closers : WF_firstVars(FirstCloser(k))

\* IdleCloseSucceeds over this sibling's variables: a close that has sealed is in its call.
FirstInCall(k) == InCall(k) \/ (cpc[k] = "mark" /\ found[k] # "unset")
FirstIdleCloseSucceeds ==
    [][\A k \in Closers :
          (cpc[k] \notin Failed /\ cpc'[k] \in Failed)
              => Holders # {} \/ (\E j \in Closers \ {k} : FirstInCall(j)) \/ Committed]_firstVars
=============================================================================
