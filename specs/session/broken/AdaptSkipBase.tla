-------------------- MODULE AdaptSkipBase --------------------
(* BROKEN SIBLING (t) of AdaptiveSession: once the stripes exist, the      *)
(* close skips the base ("every acquire goes to the stripes now"): it      *)
(* marks only the stripes, then commits every counter. But holders that    *)
(* acquired through the base before the stripes appeared are still there. *)
(* Caught by: CloseSucceedsOnlyWhenIdle (invariant).                       *)
(*****************************************************************************)
EXTENDS AdaptiveSession

MarkSkippingBase(k) ==        \* replaces CloseMark: with stripes, the base is not marked
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       IF i = Base /\ cells = "inflated"
          THEN ci' = [ci EXCEPT ![k] = 1] /\ UNCHANGED <<c, cpc, marked, owner>>
          ELSE CloseMark(k)
    /\ UNCHANGED cells /\ UNCHANGED threadVars

SkipBaseCloser(k) == MarkSkippingBase(k) \/ CloseSeal(k) \/ CloseRollback(k) \/ CloseCommit(k)
SkipBaseNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : SkipBaseCloser(k)) \/ Terminating
SkipBaseSpec ==
    /\ Init /\ [][SkipBaseNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(SkipBaseCloser(k))
=============================================================================
