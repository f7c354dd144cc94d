------------------------ MODULE ShardedSessionWitnesses ------------------------
(***************************************************************************)
(* The hard cases of the sharded session, each as a witness: an invariant  *)
(* saying the case never happens, which the model's witness run must       *)
(* violate (manifest: "expect": {"result": "reachable"}). The model and    *)
(* its witness runs share one config, so shrinking the model until a case  *)
(* is out of reach fails the build. Reach selects the witness one run must *)
(* reach; the model's own run sets it to "none". See PendingListWitnesses. *)
(***************************************************************************)
EXTENDS ShardedSession

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* Two threads hold the session through one counter (the counter reads 2).
Witness_TwoThreadsOneCounter ==
    Witness("TwoThreadsOneCounter",
        \E t, u \in Threads : t # u /\ t \in Holders /\ u \in Holders /\ ticket[t] = ticket[u])

\* One thread has acquired through two different counters over time.
Witness_ThreadMigrates ==
    Witness("ThreadMigrates", \E t \in Threads : Cardinality(held[t]) >= 2)

\* Two closes are in their calls at once.
Witness_TwoClosersRacing ==
    Witness("TwoClosersRacing", \E k, j \in Closers : k # j /\ InCall(k) /\ InCall(j))

\* An acquire waited on a CLOSING mark and then failed: that close committed.
Witness_AcquireWaitsThenFails ==
    Witness("AcquireWaitsThenFails", \E t \in Threads : pc[t] = "failed" /\ waitedOn[t] # {})

\* An acquire waited on a CLOSING mark and then succeeded: that close rolled back.
Witness_AcquireAfterRollback ==
    Witness("AcquireAfterRollback", \E t \in Threads : pc[t] = "holding" /\ waitedOn[t] # {})

\* An acquire's CAS failed, it moved to another counter (Rechoose), and it holds
\* the session through that counter.
Witness_AcquireRechooses ==
    Witness("AcquireRechooses", \E t \in Threads : t \in Holders /\ moved[t])
=============================================================================
