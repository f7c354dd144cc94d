------------------------- MODULE JdkScope17Witnesses -------------------------
(***************************************************************************)
(* Witnesses of JdkScope17.tla, in the style of DisruptorMemoryWitnesses:  *)
(* each an invariant saying a path of JDK 17's SharedScope never happens,  *)
(* which a witness run must violate (manifest: "expect": {"result":        *)
(* "reachable"}), so that a config that no longer reaches the path fails   *)
(* the build. Reach selects the witness one run must reach; the others     *)
(* hold trivially. The models themselves set Reach to "none".              *)
(***************************************************************************)
EXTENDS JdkScope17

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* A close is past its CAS to CLOSING (handshake, state store, free, or done).
Marked(k) == cpc[k] \in {"handshake", "state", "free", "ok", "rolledBack"}

\* Close wins a race with an acquire: the acquire loaded ALIVE (0) and is at its CAS,
\* and the close's CAS to CLOSING has happened: the acquire's CAS must fail.
Witness_CloseWinsRace ==
    Witness("CloseWinsRace",
        \E t \in Threads, k \in Closers : pc[t] = "cas" /\ v[t] = ALIVE /\ Marked(k))

\* An acquire wins a race with a close: the close's CAS found the scope acquired
\* ("acquired by n locks") while the thread holds it.
Witness_AcquireWinsRace ==
    Witness("AcquireWinsRace",
        \E t \in Threads, k \in Closers : Holding(t) /\ cpc[k] = "busy")

\* A close rolled back: its handshake found an accessor inside, it stored ALIVE again.
Witness_CloseRolledBack ==
    Witness("CloseRolledBack", \E k \in Closers : cpc[k] = "rolledBack")

\* An acquire failed on a closed scope: it failed and a close has committed.
Witness_AcquireFailsOnClosed ==
    Witness("AcquireFailsOnClosed",
        \E t \in Threads : pc[t] \in {"failed", "dead", "alive"} /\ Committed)

\* An acquire failed ("Already closed") on a close that then rolled back: the
\* scope is alive again (NoSpuriousAcquireFailure's violation, on the Java's modes).
Witness_AcquireFailsThenRollback ==
    Witness("AcquireFailsThenRollback",
        \E t \in Threads, k \in Closers : pc[t] \in {"failed", "dead", "alive"} /\ cpc[k] = "rolledBack")

\* An accessor's check refused the access ("Already closed") on a close that then
\* rolled back: the scope stays open (NoSpuriousAccessRefusal's violation, on the
\* Java's modes; Apache Lucene's case, apache/lucene pull request #12785).
Witness_AccessRefusedThenRollback ==
    Witness("AccessRefusedThenRollback",
        \E a \in Accessors, k \in Closers : apc[a] = "refused" /\ cpc[k] = "rolledBack" /\ StaysOpen)

\* Two closers: one close failed with "Already closed" (it read the other's CLOSING), and
\* the other close then rolled back (FailedCloseSeesClosed's violation, on the Java's
\* modes; JdkScope17Closers.cfg).
Witness_CloseFailsThenRollback ==
    Witness("CloseFailsThenRollback",
        \E k, j \in Closers : cpc[k] = "closed" /\ cpc[j] = "rolledBack")

\* An accessor's check found the scope closed (after a committed close).
Witness_AccessRefused ==
    Witness("AccessRefused", \E a \in Accessors : apc[a] = "refused" /\ Committed)
=============================================================================
