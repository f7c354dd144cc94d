---------------------------- MODULE SessionMemory ----------------------------
(***************************************************************************)
(* The closeable sharded session (ShardedSession.tla) with every shared-   *)
(* memory access made through the memory layer (specs/memory/Memory.tla), *)
(* in the access mode io.github.uncontended.session.ShardedSession uses:  *)
(* the table JavaMode below, which the build checks against the Java; and *)
(* with what a session protects: the holders' accesses to the memory      *)
(* segment, and the closer's free of it once the close has succeeded.     *)
(*                                                                         *)
(* Modeled: acquiring threads, each acquiring Acquires times (AcquireLoad, *)
(* AcquireCas), writing and reading the segment (plain, as a              *)
(* MemorySegment access is), and releasing its ticket itself (ReleaseLoad,*)
(* Release); a thread whose acquire fails on CLOSED asks isAlive()        *)
(* (IsAlive). Counter choice: the home counter (Home), or with AnyCounter *)
(* any counter for each acquire (ShardedSession.tla's choice: a thread     *)
(* migrates between counters over its acquires), and with Rechoose an      *)
(* acquire whose CAS failed goes on with any counter (the Java's           *)
(* CounterChoice.RECHOOSE: the counter comes from a racy plain table, so   *)
(* any value may be read, which needs no order: it only names a counter). *)
(* Closers run the two-phase close (CloseMark, CloseRollback,              *)
(* CloseCommit) and, when it succeeds, free the segment (Free: a plain     *)
(* store, as the arena's free is to the segment).                          *)
(* Abstracted away: the hand-off of a ticket to another thread (here only  *)
(* the litmus model of HandoffReleaseTest, whose hand-off is jcstress's    *)
(* own happens-before edge; ShardedSession.tla does not tell the releasing *)
(* thread either), and liveness (the layer is for safety; see Memory.tla). *)
(* A spin on CLOSING is a wait, enabled once the load may read something   *)
(* else. `held` and `moved` are history variables for the witnesses.      *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    T,          \* acquiring threads 1..T
    N,          \* counters 0..N-1
    Closers,    \* the closing threads
    Acquires,   \* acquires (each followed by its release) per thread
    AnyCounter, \* TRUE: each acquire may use any counter; FALSE: the thread's home counter
    Rechoose,   \* TRUE: an acquire whose CAS failed goes on with any counter
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, "none", or "all"
    WeakMode    \* the mode it gets

ASSUME T \in Nat \ {0} /\ N \in {1, 2, 4} /\ Closers # {} /\ Acquires \in Nat \ {0}
       /\ AnyCounter \in BOOLEAN /\ Rechoose \in BOOLEAN

\* The access mode of each step, as ShardedSession (and Counter) use it ("wait": the note at the end).
JavaMode == [
    AcquireLoad   |-> "volatile",   \* COUNTER.getVolatile (wait: loadOpen's CLOSING wait, acquire's CAS retry)
    AcquireCas    |-> "volatile",   \* COUNTER.compareAndSet
    DataWrite     |-> "plain",      \* the holder's store into the segment
    DataRead      |-> "plain",      \* the holder's load from the segment
    ReleaseLoad   |-> "volatile",   \* COUNTER.getVolatile (wait: release's CAS retry; plain is accepted, for safety only)
    Release       |-> "volatile",   \* COUNTER.compareAndSet
    IsAlive       |-> "volatile",   \* COUNTER.getVolatile of counter 0
    CloseMark     |-> "volatile",   \* COUNTER.compareAndExchange(0, CLOSING)
    CloseRollback |-> "release",    \* COUNTER.setRelease(0)      (volatile before issue 16)
    CloseCommit   |-> "release",    \* COUNTER.setRelease(CLOSED) (volatile before issue 16)
    Free          |-> "plain"       \* the arena's free of the segment
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Threads  == 1 .. T
Counters == 0 .. N - 1
CLOSING  == -100
CLOSED   == -200
FREED    == -1                           \* what the segment holds once freed
CLoc(i)  == "c" \o ToString(i)
Locs     == {CLoc(i) : i \in Counters} \cup {"data"}

\* Home counters, from the last one down: with T > N two threads share a counter.
Home(t) == (N - 1) - ((t - 1) % N)
\* The counters an acquire of t may start with.
Choices(t) == IF AnyCounter THEN Counters ELSE {Home(t)}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per acquiring thread: its next step, or how it ended
    v,          \* per acquiring thread: the counter value its load saw (a local)
    ticket,     \* per acquiring thread: the counter its acquire uses, then the ticket it holds
    seen,       \* per acquiring thread: what its segment read returned (a local)
    round,      \* per acquiring thread: which of its Acquires acquires it is in
    held,       \* history: per thread, the counters it has acquired through
    moved,      \* history: per thread, an acquire of it went on with another counter (Rechoose)
    cpc,        \* per closer: its next step, or how its close ended
    ci,         \* per closer: the counter its phase 1 or 2 is at (a local)
    marked      \* per closer: the counters this call marked CLOSING (a local)

vars == <<mem, buf, msgs, cur, scv, pc, v, ticket, seen, round, held, moved, cpc, ci, marked>>
memVars == <<mem, buf, msgs, cur, scv>>

M == INSTANCE Memory WITH Threads <- Threads \cup Closers, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> "load"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket \in [Threads -> Counters] /\ \A t \in Threads : ticket[t] \in Choices(t)
    /\ seen = [t \in Threads |-> 0]
    /\ round = [t \in Threads |-> 1]
    /\ held = [t \in Threads |-> {}]
    /\ moved = [t \in Threads |-> FALSE]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ ci = [k \in Closers |-> 0]
    /\ marked = [k \in Closers |-> {}]

Goto(t, l) == pc' = [pc EXCEPT ![t] = l]
closerVars == <<cpc, ci, marked>>
historyVars == <<round, held, moved>>

(* acquire: v = c[home]; CLOSED: fail; CLOSING: spin (this step waits) *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ \E r \in M!Reads(t, CLoc(ticket[t]), Mode("AcquireLoad")) :
          /\ r.val # CLOSING
          /\ M!Load(t, CLoc(ticket[t]), Mode("AcquireLoad"), r)
          /\ IF r.val = CLOSED THEN Goto(t, "failed") /\ UNCHANGED v
                               ELSE Goto(t, "cas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED <<seen, ticket>> /\ UNCHANGED historyVars /\ UNCHANGED closerVars

(* acquire: CAS(v, v + 1); success: a holder, the ticket the counter it   *)
(* used; failure: load again (from any counter, with Rechoose)            *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ \/ /\ M!CasOk(t, CLoc(ticket[t]), Mode("AcquireCas"), v[t], v[t] + 1)
          /\ Goto(t, "write") /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
          /\ UNCHANGED <<ticket, moved>>
       \/ /\ M!CasFails(t, CLoc(ticket[t]), Mode("AcquireCas"), v[t]) /\ Goto(t, "load")
          /\ UNCHANGED held
          /\ IF Rechoose
                THEN \E i \in Counters :
                        /\ ticket' = [ticket EXCEPT ![t] = i]
                        /\ moved' = [moved EXCEPT ![t] = @ \/ i # ticket[t]]
                ELSE UNCHANGED <<ticket, moved>>
    /\ UNCHANGED <<v, seen, round>> /\ UNCHANGED closerVars

(* the holder writes the segment ... *)
DataWrite(t) ==
    /\ pc[t] = "write"
    /\ M!Store(t, "data", Mode("DataWrite"), t)
    /\ Goto(t, "read")
    /\ UNCHANGED <<v, ticket, seen>> /\ UNCHANGED historyVars /\ UNCHANGED closerVars

(* ... and reads it *)
DataRead(t) ==
    /\ pc[t] = "read"
    /\ \E r \in M!Reads(t, "data", Mode("DataRead")) :
          M!Load(t, "data", Mode("DataRead"), r) /\ seen' = [seen EXCEPT ![t] = r.val]
    /\ Goto(t, "rload")
    /\ UNCHANGED <<v, ticket>> /\ UNCHANGED historyVars /\ UNCHANGED closerVars

(* release(ticket): v = c[ticket]; v < 1 would be a release without an acquire *)
ReleaseLoad(t) ==
    /\ pc[t] = "rload"
    /\ \E r \in M!Reads(t, CLoc(ticket[t]), Mode("ReleaseLoad")) :
          /\ M!Load(t, CLoc(ticket[t]), Mode("ReleaseLoad"), r)
          /\ IF r.val < 1 THEN Goto(t, "refused") /\ UNCHANGED v
                          ELSE Goto(t, "release") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED <<seen, ticket>> /\ UNCHANGED historyVars /\ UNCHANGED closerVars

(* release: CAS(v, v - 1); failure: load again. Then the thread's next    *)
(* acquire (a counter of Choices), or it is done.                         *)
Release(t) ==
    /\ pc[t] = "release"
    /\ \/ /\ M!CasOk(t, CLoc(ticket[t]), Mode("Release"), v[t], v[t] - 1)
          /\ IF round[t] < Acquires
                THEN /\ Goto(t, "load") /\ round' = [round EXCEPT ![t] = @ + 1]
                     /\ \E i \in Choices(t) : ticket' = [ticket EXCEPT ![t] = i]
                ELSE Goto(t, "done") /\ UNCHANGED <<ticket, round>>
       \/ /\ M!CasFails(t, CLoc(ticket[t]), Mode("Release"), v[t]) /\ Goto(t, "rload")
          /\ UNCHANGED <<ticket, round>>
    /\ UNCHANGED <<v, seen, held, moved>> /\ UNCHANGED closerVars

(* after "Already closed": isAlive() reads counter 0 *)
IsAlive(t) ==
    /\ pc[t] = "failed"
    /\ \E r \in M!Reads(t, CLoc(0), Mode("IsAlive")) :
          M!Load(t, CLoc(0), Mode("IsAlive"), r) /\ Goto(t, IF r.val = CLOSED THEN "dead" ELSE "alive")
    /\ UNCHANGED <<v, ticket, seen>> /\ UNCHANGED historyVars /\ UNCHANGED closerVars

threadVars == <<pc, v, ticket, seen, round, held, moved>>

(* close, phase 1: witness = compareAndExchange(c[i], 0, CLOSING) *)
CloseMark(k) ==
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       \/ /\ M!CasOk(k, CLoc(i), Mode("CloseMark"), 0, CLOSING)
          /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
          /\ IF i = N - 1 THEN ci' = [ci EXCEPT ![k] = 0] /\ cpc' = [cpc EXCEPT ![k] = "commit"]
                          ELSE ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
       \/ \E r \in M!FailReads(k, CLoc(i), Mode("CloseMark"), 0) :
          /\ M!CasFail(k, CLoc(i), Mode("CloseMark"), r)
          /\ cpc' = [cpc EXCEPT ![k] = IF r.val = CLOSED THEN "rollbackClosed" ELSE "rollbackBusy"]
          /\ UNCHANGED <<ci, marked>>
    /\ UNCHANGED threadVars

(* close, failed phase 1: reset one counter THIS call marked; then fail *)
CloseRollback(k) ==
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ IF marked[k] = {}
          THEN /\ cpc' = [cpc EXCEPT ![k] = IF @ = "rollbackClosed" THEN "closed" ELSE "busy"]
               /\ UNCHANGED <<marked>> /\ UNCHANGED memVars
          ELSE LET j == CHOOSE x \in marked[k] : \A y \in marked[k] : x <= y IN
               /\ M!Store(k, CLoc(j), Mode("CloseRollback"), 0)
               /\ marked' = [marked EXCEPT ![k] = @ \ {j}]
               /\ UNCHANGED cpc
    /\ UNCHANGED ci /\ UNCHANGED threadVars

(* close, phase 2: c[i] = CLOSED, for each counter in order; then free *)
CloseCommit(k) ==
    /\ cpc[k] = "commit"
    /\ M!Store(k, CLoc(ci[k]), Mode("CloseCommit"), CLOSED)
    /\ IF ci[k] = N - 1 THEN cpc' = [cpc EXCEPT ![k] = "free"] /\ UNCHANGED ci
                        ELSE ci' = [ci EXCEPT ![k] = @ + 1] /\ UNCHANGED cpc
    /\ UNCHANGED marked /\ UNCHANGED threadVars

(* the closed arena frees the segment *)
Free(k) ==
    /\ cpc[k] = "free"
    /\ M!Store(k, "data", Mode("Free"), FREED)
    /\ cpc' = [cpc EXCEPT ![k] = "ok"]
    /\ UNCHANGED <<ci, marked>> /\ UNCHANGED threadVars

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, v, ticket, seen, round, held, moved, cpc, ci, marked>>

Done ==
    /\ \A t \in Threads : pc[t] \in {"done", "refused", "dead", "alive"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}
    /\ M!Quiescent

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ DataWrite(t) \/ DataRead(t)
             \/ ReleaseLoad(t) \/ Release(t) \/ IsAlive(t)
Closer(k) == CloseMark(k) \/ CloseRollback(k) \/ CloseCommit(k) \/ Free(k)

Next ==
    \/ \E t \in Threads : Thread(t)
    \/ \E k \in Closers : Closer(k)
    \/ \E x \in Threads \cup Closers : Flush(x)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* What a session protects: every holder's access to the segment happens before the free.
\* When the closer frees, it sees the newest write of the segment and no store to it is
\* on its way: no holder's write can land after the free ...
HoldersHappenBeforeFree == \A k \in Closers : cpc[k] = "free" => M!SeesLatest(k, "data")
\* ... and no holder reads freed memory.
NoReadAfterFree == \A t \in Threads : seen[t] # FREED

\* No thread holds the session once a close committed.
Holding(t) == pc[t] \in {"write", "read", "rload", "release"}
NoUseAfterClose == (\E k \in Closers : cpc[k] \in {"commit", "free", "ok"}) => \A t \in Threads : ~Holding(t)

\* A release of an acquired ticket is never refused as "release without acquire".
NoSpuriousRefusal == \A t \in Threads : pc[t] # "refused"

\* A thread whose acquire failed on CLOSED finds the session dead (CLOSED is stored in
\* counter order, and isAlive() reads counter 0).
FailedAcquireSeesClosed == \A t \in Threads : pc[t] # "alive"

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
