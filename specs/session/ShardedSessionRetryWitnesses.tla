--------------------- MODULE ShardedSessionRetryWitnesses ---------------------
(***************************************************************************)
(* The sharded session with closers that retry (CloseRetries = TRUE), and  *)
(* the cases of a retried close as witnesses (see ShardedSessionWitnesses: *)
(* an invariant saying the case never happens, which the witness run must  *)
(* violate; Reach selects it, "none" for the model itself).                *)
(*                                                                         *)
(* Whether a close was retried is history that no variable of              *)
(* ShardedSession keeps, so this module adds one, `retried`, recorded      *)
(* alongside every step (RecordRetry) and never read by the spec:          *)
(* RetrySpec has the behaviours of Spec, with the same fairness (each      *)
(* action with the history recorded is enabled exactly when the action is, *)
(* and changes retryVars exactly when it changes vars). Only the witness   *)
(* runs need it, so only they record it: in the model's own run (Reach =   *)
(* "none") it stays FALSE, and the state space is Spec's (recorded there   *)
(* too, it would triple it: 23,756 distinct states against 7,562).         *)
(***************************************************************************)
EXTENDS ShardedSession

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

VARIABLE retried    \* history: per closer, TRUE once it called close again after "busy"

retryVars == <<vars, retried>>

RecordRetry ==
    retried' = IF Reach = "none" THEN retried
               ELSE [k \in Closers |-> retried[k] \/ (cpc[k] = "busy" /\ cpc'[k] = "mark")]

\* Spec's actions, each with the history recorded alongside. They are named (Rec appended)
\* because TLC names a step by the operator that defines it: a conjunction written inside
\* Next would appear in the witnesses' counterexamples as an unnamed "Action".
AcquireLoadRec(t)   == AcquireLoad(t) /\ RecordRetry
AcquireCasRec(t)    == AcquireCas(t) /\ RecordRetry
ReleaseRec(t)       == Release(t) /\ RecordRetry
CloseMarkRec(k)     == CloseMark(k) /\ RecordRetry
CloseRollbackRec(k) == CloseRollback(k) /\ RecordRetry
CloseCommitRec(k)   == CloseCommit(k) /\ RecordRetry
CloseRetryRec(k)    == CloseRetry(k) /\ RecordRetry
TerminatingRec      == Terminating /\ RecordRetry

ThreadRec(t) == AcquireLoadRec(t) \/ AcquireCasRec(t) \/ ReleaseRec(t)
CloserRec(k) == CloseMarkRec(k) \/ CloseRollbackRec(k) \/ CloseCommitRec(k) \/ CloseRetryRec(k)

RetryNext == (\E t \in Threads : ThreadRec(t)) \/ (\E k \in Closers : CloserRec(k)) \/ TerminatingRec

RetrySpec ==
    /\ Init /\ retried = [k \in Closers |-> FALSE]
    /\ [][RetryNext]_retryVars
    /\ \A t \in Threads : WF_retryVars(ThreadRec(t))
    /\ \A k \in Closers : WF_retryVars(CloserRec(k))

Witness(name, case) == Reach # name \/ ~case

\* A close ended "busy", its closer called close again, and that call succeeded.
Witness_RetriedCloseSucceeds ==
    Witness("RetriedCloseSucceeds", \E k \in Closers : retried[k] /\ cpc[k] = "ok")

\* A close ended "busy", its closer called close again, and found the session closed
\* (the other closer's close succeeded meanwhile).
Witness_RetryFindsClosed ==
    Witness("RetryFindsClosed", \E k \in Closers : retried[k] /\ cpc[k] = "closed")
=============================================================================
