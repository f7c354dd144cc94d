-------------------- MODULE AdaptSealedRetry --------------------
(* BROKEN SIBLING (r) of AdaptiveSession: an acquire whose inflate found   *)
(* the seal tries the inflate again (in Java: a CAS loop `while (cells ==  *)
(* null || !inflate())`-style that only leaves with stripes). The seal is  *)
(* never undone, so it loops forever, also after the close succeeded.      *)
(* Caught by: EveryAcquireReturns and SpinningAcquiresFailAfterClose       *)
(* (liveness; one model each).                                             *)
(*****************************************************************************)
EXTENDS AdaptiveSession

InflateUntilStripes(t) ==     \* replaces Inflate: enabled only while it can leave with stripes
    /\ pc[t] = "inflate"
    /\ cells # "sealed"
    /\ inflateSaw' = [inflateSaw EXCEPT ![t] = @ \cup {cells}]
    /\ cells' = "inflated"
    /\ \E i \in Stripes : LoadNext(t, i)
    /\ UNCHANGED <<c, v, round, held, waitedOn>> /\ UNCHANGED closerVars

RetryThread(t) == LoadCells(t) \/ AcquireLoad(t) \/ AcquireCas(t) \/ InflateUntilStripes(t) \/ Release(t)
RetryNext == (\E t \in Threads : RetryThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
RetrySpec ==
    /\ Init /\ [][RetryNext]_vars
    /\ \A t \in Threads : WF_vars(RetryThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
