-------------------- MODULE AlwaysBusy --------------------
(* BROKEN SIBLING (j): close always reports "busy" (it throws "Session is   *)
(* acquired" at once, touching no counter). Every other property holds: a  *)
(* failed close is a stutter of the abstract Session, and nothing else     *)
(* asks a close to succeed. A close of an idle session, with no other close *)
(* in progress, fails.                                                     *)
(* Caught by: IdleCloseSucceeds (action property).                        *)
(*****************************************************************************)
EXTENDS ShardedSession

ReportBusy(k) ==              \* replaces the whole close
    /\ cpc[k] = "mark"
    /\ cpc' = [cpc EXCEPT ![k] = "busy"]
    /\ UNCHANGED <<c, ci, marked, owner>> /\ UNCHANGED threadVars

AlwaysBusyNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : ReportBusy(k)) \/ Terminating
AlwaysBusySpec ==
    /\ Init /\ [][AlwaysBusyNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(ReportBusy(k))
=============================================================================
