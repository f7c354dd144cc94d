---------------------- MODULE SessionMemoryWitnesses ----------------------
(***************************************************************************)
(* The structural cases of the sharded session (specs/session/manifest.    *)
(* json, "structuralCases"; ShardedSessionWitnesses.tla under sequential   *)
(* consistency), each as a witness of the weak-memory model                *)
(* SessionMemory.tla: an invariant saying the case never happens, which a  *)
(* witness run must violate (manifest: "expect": {"result": "reachable"}). *)
(* The memory manifest's "covers" maps each case of the design to these    *)
(* runs. The layer keeps no record of past waits, so a wait is shown       *)
(* while it lasts: the acquire's load may read nothing but CLOSING, and    *)
(* the close whose mark it waits on is committing (the acquire can only    *)
(* fail) or rolling that mark back (it goes on). Reach selects the witness *)
(* one run must reach; the models themselves set it to "none".             *)
(***************************************************************************)
EXTENDS SessionMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* t's acquire waits: every value its load of its counter may return is CLOSING.
Waiting(t) ==
    /\ pc[t] = "load"
    /\ \A r \in M!Reads(t, CLoc(ticket[t]), Mode("AcquireLoad")) : r.val = CLOSING

\* A close in its call: past its first mark, rolling back or committing.
InCall(k) == cpc[k] \in {"rollbackBusy", "rollbackClosed", "commit", "free"} \/ (cpc[k] = "mark" /\ ci[k] > 0)

\* Two threads hold the session through one counter.
Witness_TwoThreadsOneCounter ==
    Witness("TwoThreadsOneCounter",
        \E t, u \in Threads : t # u /\ Holding(t) /\ Holding(u) /\ ticket[t] = ticket[u])

\* One thread has acquired through two different counters over its acquires.
Witness_ThreadMigrates ==
    Witness("ThreadMigrates", \E t \in Threads : Cardinality(held[t]) >= 2)

\* Two closes are in their calls at once.
Witness_TwoClosersRacing ==
    Witness("TwoClosersRacing", \E k, j \in Closers : k # j /\ InCall(k) /\ InCall(j))

\* An acquire waits on a CLOSING mark while the close commits: it can only fail.
Witness_AcquireWaitsThenFails ==
    Witness("AcquireWaitsThenFails",
        \E t \in Threads, k \in Closers : Waiting(t) /\ cpc[k] \in {"commit", "free", "ok"})

\* An acquire waits on a CLOSING mark that its close, failed, is rolling
\* back: the acquire goes on once the rollback's store is read.
Witness_AcquireAfterRollback ==
    Witness("AcquireAfterRollback",
        \E t \in Threads, k \in Closers :
            Waiting(t) /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"} /\ ticket[t] \in marked[k])

\* An acquire's CAS failed, it went on with another counter (Rechoose), and it
\* holds the session through that counter.
Witness_AcquireRechooses ==
    Witness("AcquireRechooses", \E t \in Threads : Holding(t) /\ moved[t])
=============================================================================
