-------------------- MODULE AlwaysBusy --------------------
(* BROKEN SIBLING (j): close always reports "busy" (it throws "Session is  *)
(* acquired" at once, touching no counter). A failed close is a stutter of *)
(* the abstract Session, so the refinement cannot see it; the two          *)
(* properties that ask a close to succeed do. A close of an idle session,  *)
(* with no other close in progress, fails (IdleCloseSucceeds), and of the  *)
(* closes of a session nobody held none succeeds (IdleClosesOneSucceeds).  *)
(* Checked one property at a time, with this config's constants (one       *)
(* thread, two counters, one closer: 16 distinct states) and with          *)
(* ShardedSession.cfg's (two threads, two closers: 360), TLC reports those *)
(* two violated and finds no violation of the other eleven (TypeOK,        *)
(* NoUseAfterClose, CloseSucceedsOnlyWhenIdle, FailedCloseLeavesNoMarks,   *)
(* NoSpuriousAcquireFailure, CountsNeverNegative, TicketsBalance,          *)
(* EveryAcquireReturns, EveryCloseReturns, SpinningAcquiresFailAfterClose, *)
(* Refinement). With a closer that retries after "busy" (CloseRetries,     *)
(* AlwaysBusyRetry.cfg) it also violates RetriedCloseCloses: the closer    *)
(* never sees the session closed.                                          *)
(* Caught by: IdleCloseSucceeds (action property; model SessAlwaysBusy),   *)
(* RetriedCloseCloses (SessAlwaysBusyRetry).                               *)
(*****************************************************************************)
EXTENDS ShardedSession

ReportBusy(k) ==              \* replaces the whole close
    /\ cpc[k] = "mark"
    /\ cpc' = [cpc EXCEPT ![k] = "busy"]
    /\ UNCHANGED <<c, ci, marked, owner>> /\ UNCHANGED threadVars

\* A closer calls close again after "busy" when CloseRetries (AlwaysBusyRetry.cfg); it
\* never gets further. With CloseRetries FALSE, CloseRetry is never enabled.
BusyCloser(k) == ReportBusy(k) \/ CloseRetry(k)

AlwaysBusyNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : BusyCloser(k)) \/ Terminating
AlwaysBusySpec ==
    /\ Init /\ [][AlwaysBusyNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(BusyCloser(k))
=============================================================================
