------------------- MODULE AdaptiveSessionMemoryWitnesses -------------------
(***************************************************************************)
(* The structural cases of the adaptive session (specs/session/manifest.   *)
(* json, "structuralCases"; AdaptiveSessionWitnesses.tla under sequential  *)
(* consistency), each as a witness of the weak-memory model                *)
(* AdaptiveSessionMemory.tla: an invariant saying the case never happens,  *)
(* which a witness run must violate (manifest: "expect": {"result":        *)
(* "reachable"}). The memory manifest's "covers" maps each case of the     *)
(* design to these runs. What the SC model records in history variables    *)
(* (what an inflate found) is read here from memory: a thread that filled  *)
(* its own array (Ref(t) = 1) tried to inflate, and the newest value of    *)
(* cells says who won. A wait is shown while it lasts, as in               *)
(* SessionMemoryWitnesses.tla. Reach selects the witness one run must      *)
(* reach; the models themselves set it to "none".                          *)
(***************************************************************************)
EXTENDS AdaptiveSessionMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

Cells == M!Final("cells")
\* t's acquire waits: every value its load of its counter may return is CLOSING.
Waiting(t) ==
    /\ pc[t] = "load"
    /\ \A r \in M!Reads(t, CLoc(ticket[t]), Mode("AcquireLoad")) : r.val = CLOSING
\* A close in its call: past its mark of the base, and not returned.
InCall(k) == cpc[k] \notin {"mark", "ok", "busy", "closed", "npe"}

\* An acquire's base CAS failed, its inflate won (cells is its array), and it
\* holds the session through the stripe.
Witness_AcquireInflates ==
    Witness("AcquireInflates", \E t \in Threads : Holding(t) /\ ticket[t] = Stripe /\ Cells = t)

\* An acquire tried to inflate (it filled its own array) and lost: cells is
\* another thread's array, and it holds the session through that stripe.
Witness_InflateLosesRace ==
    Witness("InflateLosesRace",
        \E t \in Threads :
            /\ Holding(t) /\ ticket[t] = Stripe /\ IsArray(Cells) /\ Cells # t
            /\ M!Final(Ref(t)) = 1)

\* An acquire tried to inflate (it filled its own array), the close sealed
\* first (cells is SEALED), and the acquire went back to the base and failed.
Witness_SealBeatsInflate ==
    Witness("SealBeatsInflate",
        \E t \in Threads : pc[t] \in {"failed", "dead", "alive"} /\ M!Final(Ref(t)) = 1 /\ Cells = SEALED)

\* Holders on the base and on the stripe at once.
Witness_BaseAndStripeHolders ==
    Witness("BaseAndStripeHolders",
        \E t, u \in Threads : Holding(t) /\ Holding(u) /\ ticket[t] = Base /\ ticket[u] = Stripe)

\* A close marked the base, its seal found the stripes, and its mark of the
\* stripe failed (busy): it rolls back its mark of the base.
Witness_RollbackFromStripe ==
    Witness("RollbackFromStripe",
        \E k \in Closers : cpc[k] = "rollbackBusy" /\ striped[k] /\ Base \in marked[k])

\* A close committed a session with stripes (the base and the stripe marked,
\* then CLOSED) and freed the segment.
Witness_CloseCommitsStripes ==
    Witness("CloseCommitsStripes", \E k \in Closers : cpc[k] = "ok" /\ striped[k])

\* An acquire waits on a CLOSING mark that its close, failed, is rolling
\* back: the acquire goes on once the rollback's store is read.
Witness_AcquireAfterRollback ==
    Witness("AcquireAfterRollback",
        \E t \in Threads, k \in Closers :
            Waiting(t) /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"} /\ ticket[t] \in marked[k])

\* One thread acquired through the base, then (a later acquire) through the stripe.
Witness_ThreadMovesToStripes ==
    Witness("ThreadMovesToStripes", \E t \in Threads : Base \in held[t] /\ Stripe \in held[t])

\* Two closes are in their calls at once.
Witness_TwoClosersRacing ==
    Witness("TwoClosersRacing", \E k, j \in Closers : k # j /\ InCall(k) /\ InCall(j))
=============================================================================
