--------------------- MODULE HandoffReleaseMemoryLitmus ---------------------
(* The jcstress test io.github.uncontended.session.HandoffReleaseTest under  *)
(* the memory layer, with the Java's access modes (the SC litmus model is    *)
(* specs/session/litmus/HandoffReleaseLitmus.tla): thread 1 acquires when    *)
(* the state is built; jcstress hands the state (the ticket) to its actors  *)
(* (happens-before: SyncAll); thread 2 releases that ticket while the closer *)
(* First closes; after both, the arbiter (closer Second) closes again.       *)
(* Outcome: "<First closed>, <Second closed>".                               *)
(*****************************************************************************)
EXTENDS SessionMemory

CONSTANTS First, Second
ASSUME Closers = {First, Second} /\ First # Second /\ T = 2

VARIABLE phase   \* "build", "run", "arbiter"

LitmusInit == Init /\ phase = "build"

Closed(k) == cpc[k] \in {"free", "ok"}
Returned(k) == Closed(k) \/ cpc[k] \in {"busy", "closed"}

others == <<v, seen, round, held, moved, cpc, ci, marked>>

\* The constructor: thread 1 acquires; then the actors start, thread 2 holding its ticket.
Build == phase = "build" /\ (AcquireLoad(1) \/ AcquireCas(1)) /\ UNCHANGED phase
Start ==
    /\ phase = "build" /\ pc[1] = "write"
    /\ M!SyncAll /\ phase' = "run"
    /\ pc' = [pc EXCEPT ![1] = "done", ![2] = "rload"]
    /\ ticket' = [ticket EXCEPT ![2] = ticket[1]]
    /\ UNCHANGED others

Run == phase = "run" /\ (ReleaseLoad(2) \/ Release(2) \/ CloseMark(First) \/ CloseRollback(First)
                         \/ CloseCommit(First)) /\ UNCHANGED phase

ToArbiter ==
    /\ phase = "run" /\ pc[2] = "done" /\ Returned(First)
    /\ M!SyncAll /\ phase' = "arbiter"
    /\ UNCHANGED <<pc, ticket>> /\ UNCHANGED others

Arbiter == phase = "arbiter" /\ (CloseMark(Second) \/ CloseRollback(Second) \/ CloseCommit(Second))
           /\ UNCHANGED phase

Finished == phase = "arbiter" /\ Returned(Second) /\ M!Quiescent

LitmusNext ==
    \/ Build \/ Start \/ Run \/ ToArbiter \/ Arbiter
    \/ \E x \in Threads \cup Closers : Flush(x) /\ UNCHANGED phase
    \/ Finished /\ UNCHANGED <<vars, phase>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<vars, phase>>

Outcome == (IF Closed(First) THEN "1" ELSE "0") \o ", " \o (IF Closed(Second) THEN "1" ELSE "0")
=============================================================================
