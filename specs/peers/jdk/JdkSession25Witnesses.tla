------------------------ MODULE JdkSession25Witnesses ------------------------
(***************************************************************************)
(* Witnesses of JdkSession25.tla, in the style of DisruptorMemoryWitnesses: *)
(* each an invariant saying a path of JDK 25's SharedSession never happens, *)
(* which a witness run must violate (manifest: "expect": {"result":         *)
(* "reachable"}), so that a config that no longer reaches the path fails    *)
(* the build. Reach selects the witness one run must reach; the others      *)
(* hold trivially. The models themselves set Reach to "none". JDK 25 has    *)
(* no rollback (closeScope cannot fail), so JdkScope17's CloseRolledBack    *)
(* has no counterpart here.                                                 *)
(***************************************************************************)
EXTENDS JdkSession25

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* Close wins a race with an acquire: the acquire loaded a count of 0 and is at its
\* CAS, and the close's CAS to -1 has happened: the acquire's CAS must fail.
Witness_CloseWinsRace ==
    Witness("CloseWinsRace",
        \E t \in Threads : pc[t] = "cas" /\ v[t] = 0 /\ Committed)

\* An acquire wins a race with a close: the close's CAS found the session acquired
\* ("acquired by n clients") while the thread holds it.
Witness_AcquireWinsRace ==
    Witness("AcquireWinsRace",
        \E t \in Threads, k \in Closers : Holding(t) /\ cpc[k] = "busy")

\* An acquire failed on a closed session: it failed and a close has committed.
Witness_AcquireFailsOnClosed ==
    Witness("AcquireFailsOnClosed",
        \E t \in Threads : pc[t] \in {"failed", "dead", "alive"} /\ Committed)

\* An acquire that read -1 waits in sharedSessionAlreadyClosed: every value its load
\* of state may return is OPEN (the close is between its CAS and its state store).
Witness_AcquireWaitsThenFails ==
    Witness("AcquireWaitsThenFails",
        \E t \in Threads :
            /\ pc[t] = "acqWait"
            /\ \A r \in M!Reads(t, "state", Mode("ClosedWait")) : r.val = OPEN)

\* The handshake waits for an accessor that passed its check before the close.
Witness_HandshakeWaitsForAccess ==
    Witness("HandshakeWaitsForAccess",
        \E k \in Closers, a \in Accessors : cpc[k] = "handshake" /\ apc[a] = "access")

\* An accessor's check found the session closed (after a committed close).
Witness_AccessRefused ==
    Witness("AccessRefused", \E a \in Accessors : apc[a] = "refused" /\ Committed)
=============================================================================
