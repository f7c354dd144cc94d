------------------------------ MODULE JdkScope17 ------------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): the JDK's shared memory scope *)
(* of JDK 17, jdk.internal.foreign.SharedScope (module                     *)
(* jdk.incubator.foreign) with its superclass ResourceScopeImpl, written   *)
(* from a reading of JDK 17.0.19's source (Debian's openjdk-17-source,     *)
(* src.zip: the only JDK 17 source the archive offers) and checked against *)
(* the class files of the JDK 17 installed here, 17.0.15 (javap: the same  *)
(* accesses in the same methods; make modes reads those class files); no   *)
(* code of it is copied here. Every shared access goes through             *)
(* specs/memory/Memory.tla with the mode that Java uses: table JavaMode.   *)
(*                                                                         *)
(* One int field, SharedScope.state, holds both the acquire count and the  *)
(* lifecycle: ALIVE (0), n > 0 (acquired n times), CLOSING (-1), CLOSED    *)
(* (-2); every access to it goes through the VarHandle STATE, except the   *)
(* plain read of checkValidState.                                          *)
(*                                                                         *)
(* Modelled:                                                               *)
(*  - acquiring threads 1..T, each once: SharedScope.acquire, a loop of    *)
(*    AcquireLoad (STATE.getVolatile; a negative value, CLOSING or CLOSED, *)
(*    throws "Already closed" at once) and AcquireCas (STATE.compareAndSet *)
(*    of value + 1); the holder's store into the segment (HolderWrite,     *)
(*    plain); the release through its handle (ResourceScopeImpl.release0  *)
(*    -> SharedHandle.release): ReleaseGuard (the handle's AtomicBoolean   *)
(*    released, compareAndSet(false, true); a second release of the handle *)
(*    fails it and does nothing), then a loop of ReleaseLoad               *)
(*    (STATE.getVolatile; a value <= 0 throws: a release without an        *)
(*    acquire) and ReleaseCas (STATE.compareAndSet of value - 1). A thread *)
(*    whose acquire failed asks isAlive() (IsAlive, STATE.getVolatile,     *)
(*    alive unless CLOSED);                                                *)
(*  - closers: ResourceScopeImpl.close -> SharedScope.justClose: CloseMark *)
(*    (STATE.compareAndExchange(ALIVE, CLOSING): a witness below 0 throws  *)
(*    "Already closed", above 0 "acquired by n locks"; nothing to undo),   *)
(*    the handshake (below), CloseState (STATE.setVolatile of CLOSED if    *)
(*    the handshake succeeded, of ALIVE if it failed: the rollback, and    *)
(*    close throws), then the cleanup's free of the segment (Free, plain); *)
(*  - accessors: threads that access the segment without acquiring, as a   *)
(*    MemorySegment access does: they enter a @Scoped method of            *)
(*    ScopedMemoryAccess (AccessEnter, no memory access), run              *)
(*    checkValidState (AccessCheck: a plain read of state, negative        *)
(*    throws) and read the segment (AccessRead, plain).                    *)
(*                                                                         *)
(* The handshake (ScopedMemoryAccess.closeScope -> the native closeScope0) *)
(* is one step, Handshake: it returns FALSE if an accessor is inside its   *)
(* @Scoped method (entered and not yet returned or thrown), TRUE if not;   *)
(* and it synchronizes the closer with every thread both ways (the closer  *)
(* takes in every thread's views, every thread the closer's; on tso it     *)
(* runs with every store buffer drained). Its thread-local internals       *)
(* (the per-thread handshake operations, the stack walk, the               *)
(* deoptimization) are not modelled; docs/peers-jdk.md says why the one    *)
(* step is sound for the properties below.                                 *)
(*                                                                         *)
(* Abstracted away: acquire's MAX_FORKS check (overflow), the handle       *)
(* object's construction (thread-local until released), the resource      *)
(* list's add and cleanup (their own VarHandle accesses to fst) except the *)
(* one cleanup action that frees the segment, ImplicitScopeImpl and the    *)
(* global scope (never closed), the Cleaner, liveness (the layer is for    *)
(* safety). Load buffering is not in the layer (Memory.tla).               *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* the Java's modes; "all" gives every step the mode WeakMode.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    T,             \* acquiring threads 1..T, each acquires and releases once
    Closers,       \* the threads that call close
    Accessors,     \* the threads that access the segment without acquiring
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, "none" or "all"
    WeakMode       \* the mode it gets

ASSUME T \in Nat /\ Closers # {}

\* Whether the handshake orders memory (the closer with every thread, both ways): TRUE,
\* as HotSpot's handshake does. A definition so that the configs that keep it need not
\* name it; a config that sets `HandshakeSyncs = FALSE` (the *Count.cfg configs, without
\* accessors) asks what the count's own access modes order when the handshake is not
\* counted on.
HandshakeSyncs == TRUE

\* The access mode of each step in JDK 17 (17.0.15's class files; 17.0.19's source agrees).
JavaMode == [
    AcquireLoad  |-> "volatile",  \* SharedScope.acquire: STATE.getVolatile
    AcquireCas   |-> "volatile",  \* SharedScope.acquire: STATE.compareAndSet(value, value + 1)
    HolderWrite  |-> "plain",     \* the holder's store into the segment (user code)
    ReleaseGuard |-> "volatile",  \* SharedScope.SharedHandle.release: released.compareAndSet (AtomicBoolean)
    ReleaseLoad  |-> "volatile",  \* SharedScope.SharedHandle.release: STATE.getVolatile
    ReleaseCas   |-> "volatile",  \* SharedScope.SharedHandle.release: STATE.compareAndSet(value, value - 1)
    IsAlive      |-> "volatile",  \* SharedScope.isAlive: STATE.getVolatile
    CloseMark    |-> "volatile",  \* SharedScope.justClose: STATE.compareAndExchange(ALIVE, CLOSING)
    CloseState   |-> "volatile",  \* SharedScope.justClose: STATE.setVolatile(success ? CLOSED : ALIVE)
    Free         |-> "plain",     \* the cleanup action's free of the segment
    AccessCheck  |-> "plain",     \* SharedScope.checkValidState: the field state, read plain
    AccessRead   |-> "plain"      \* the @Scoped access's load from the segment
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Threads == 1 .. T
ALIVE   == 0
CLOSING == -1
CLOSED  == -2
FREED   == -9                    \* what the segment holds once freed
RelLoc(t) == "released" \o ToString(t)
Locs == {"state", "data"} \cup {RelLoc(t) : t \in Threads}
MemThreads == Threads \cup Closers \cup Accessors

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per acquiring thread: its next step, or how it ended
    v,          \* per acquiring thread: the value its load of state saw (a local)
    cpc,        \* per closer: its next step, or how its close ended
    hsOk,       \* per closer: what its handshake returned (a local)
    apc,        \* per accessor: its next step, or how it ended
    seen        \* per accessor: what its read of the segment returned

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, pc, v, cpc, hsOk, apc, seen>>
threadVars == <<pc, v>>
closerVars == <<cpc, hsOk>>
accessorVars == <<apc, seen>>

M == INSTANCE Memory WITH Threads <- MemThreads,
                          Init <- [x \in Locs |-> IF x \in {"state", "data"} THEN 0 ELSE FALSE]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> "load"]
    /\ v = [t \in Threads |-> 0]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ hsOk = [k \in Closers |-> FALSE]
    /\ apc = [a \in Accessors |-> "idle"]
    /\ seen = [a \in Accessors |-> 0]

Goto(t, l) == pc' = [pc EXCEPT ![t] = l]
CGoto(k, l) == cpc' = [cpc EXCEPT ![k] = l]
AGoto(a, l) == apc' = [apc EXCEPT ![a] = l]

(* acquire: value = STATE.getVolatile; negative: throw "Already closed" *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ \E r \in M!Reads(t, "state", Mode("AcquireLoad")) :
          /\ M!Load(t, "state", Mode("AcquireLoad"), r)
          /\ IF r.val < ALIVE THEN Goto(t, "failed") /\ UNCHANGED v
                              ELSE Goto(t, "cas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* acquire: STATE.compareAndSet(value, value + 1); failure: load again *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ \/ M!CasOk(t, "state", Mode("AcquireCas"), v[t], v[t] + 1) /\ Goto(t, "write")
       \/ M!CasFails(t, "state", Mode("AcquireCas"), v[t]) /\ Goto(t, "load")
    /\ UNCHANGED v /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* the holder writes the segment *)
HolderWrite(t) ==
    /\ pc[t] = "write"
    /\ M!Store(t, "data", Mode("HolderWrite"), t)
    /\ Goto(t, "guard")
    /\ UNCHANGED v /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* release0 -> SharedHandle.release: released.compareAndSet(false, true); *)
(* failure (the handle released already): return, nothing done            *)
ReleaseGuard(t) ==
    /\ pc[t] = "guard"
    /\ \/ M!CasOk(t, RelLoc(t), Mode("ReleaseGuard"), FALSE, TRUE) /\ Goto(t, "rload")
       \/ M!CasFails(t, RelLoc(t), Mode("ReleaseGuard"), FALSE) /\ Goto(t, "done")
    /\ UNCHANGED v /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* release: value = STATE.getVolatile; value <= ALIVE: throw (a release   *)
(* without an acquire)                                                   *)
ReleaseLoad(t) ==
    /\ pc[t] = "rload"
    /\ \E r \in M!Reads(t, "state", Mode("ReleaseLoad")) :
          /\ M!Load(t, "state", Mode("ReleaseLoad"), r)
          /\ IF r.val <= ALIVE THEN Goto(t, "refused") /\ UNCHANGED v
                               ELSE Goto(t, "rcas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* release: STATE.compareAndSet(value, value - 1); failure: load again *)
ReleaseCas(t) ==
    /\ pc[t] = "rcas"
    /\ \/ M!CasOk(t, "state", Mode("ReleaseCas"), v[t], v[t] - 1) /\ Goto(t, "done")
       \/ M!CasFails(t, "state", Mode("ReleaseCas"), v[t]) /\ Goto(t, "rload")
    /\ UNCHANGED v /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* after "Already closed": isAlive() is STATE.getVolatile != CLOSED *)
IsAlive(t) ==
    /\ pc[t] = "failed"
    /\ \E r \in M!Reads(t, "state", Mode("IsAlive")) :
          M!Load(t, "state", Mode("IsAlive"), r) /\ Goto(t, IF r.val # CLOSED THEN "alive" ELSE "dead")
    /\ UNCHANGED v /\ UNCHANGED closerVars /\ UNCHANGED accessorVars

(* justClose: prev = STATE.compareAndExchange(ALIVE, CLOSING); prev < 0:  *)
(* "Already closed"; prev > 0: "acquired by prev locks"                   *)
CloseMark(k) ==
    /\ cpc[k] = "mark"
    /\ \/ M!CasOk(k, "state", Mode("CloseMark"), ALIVE, CLOSING) /\ CGoto(k, "handshake")
       \/ \E r \in M!FailReads(k, "state", Mode("CloseMark"), ALIVE) :
             /\ M!CasFail(k, "state", Mode("CloseMark"), r)
             /\ CGoto(k, IF r.val < ALIVE THEN "closed" ELSE "busy")
    /\ UNCHANGED hsOk /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

\* An accessor is inside its @Scoped method: entered, not yet returned or thrown.
Inside(a) == apc[a] \in {"check", "access"}

(* The handshake, one step: every store buffer drained (tso); the closer  *)
(* takes in the views of every thread, and every thread the closer's      *)
(* (weak); it succeeds iff no accessor is inside a @Scoped method.        *)
MaxOf(S) == CHOOSE n \in S : \A m \in S : m <= n
AllViews == [coh |-> [x \in Locs |-> MaxOf({cur[u].coh[x] : u \in MemThreads})],
             hb  |-> [x \in Locs |-> MaxOf({cur[u].hb[x] : u \in MemThreads})]]
HandshakeSync(k) ==
    /\ HandshakeSyncs => M!Quiescent
    /\ IF Strength = "weak" /\ HandshakeSyncs
          THEN cur' = [u \in MemThreads |-> IF u = k THEN AllViews ELSE M!JoinV(cur[u], cur[k])]
          ELSE UNCHANGED cur
    /\ UNCHANGED <<mem, buf, msgs, scv>>

Handshake(k) ==
    /\ cpc[k] = "handshake"
    /\ HandshakeSync(k)
    /\ hsOk' = [hsOk EXCEPT ![k] = \A a \in Accessors : ~Inside(a)]
    /\ CGoto(k, "state")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* justClose: STATE.setVolatile(success ? CLOSED : ALIVE); on failure     *)
(* (the rollback) close throws; on success close() goes on to the cleanup *)
CloseState(k) ==
    /\ cpc[k] = "state"
    /\ M!Store(k, "state", Mode("CloseState"), IF hsOk[k] THEN CLOSED ELSE ALIVE)
    /\ CGoto(k, IF hsOk[k] THEN "free" ELSE "rolledBack")
    /\ UNCHANGED hsOk /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* the cleanup frees the segment *)
Free(k) ==
    /\ cpc[k] = "free"
    /\ M!Store(k, "data", Mode("Free"), FREED)
    /\ CGoto(k, "ok")
    /\ UNCHANGED hsOk /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* an accessor enters a @Scoped method of ScopedMemoryAccess *)
AccessEnter(a) ==
    /\ apc[a] = "idle"
    /\ AGoto(a, "check")
    /\ UNCHANGED seen /\ UNCHANGED memVars /\ UNCHANGED threadVars /\ UNCHANGED closerVars

(* checkValidState: state < ALIVE throws *)
AccessCheck(a) ==
    /\ apc[a] = "check"
    /\ \E r \in M!Reads(a, "state", Mode("AccessCheck")) :
          /\ M!Load(a, "state", Mode("AccessCheck"), r)
          /\ AGoto(a, IF r.val < ALIVE THEN "refused" ELSE "access")
    /\ UNCHANGED seen /\ UNCHANGED threadVars /\ UNCHANGED closerVars

(* the access itself: a load from the segment *)
AccessRead(a) ==
    /\ apc[a] = "access"
    /\ \E r \in M!Reads(a, "data", Mode("AccessRead")) :
          M!Load(a, "data", Mode("AccessRead"), r) /\ seen' = [seen EXCEPT ![a] = r.val]
    /\ AGoto(a, "done")
    /\ UNCHANGED threadVars /\ UNCHANGED closerVars

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, v, cpc, hsOk, apc, seen>>

Done ==
    /\ \A t \in Threads : pc[t] \in {"done", "refused", "dead", "alive"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed", "rolledBack"}
    /\ \A a \in Accessors : apc[a] \in {"done", "refused"}
    /\ HandshakeSyncs => M!Quiescent

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ HolderWrite(t) \/ ReleaseGuard(t)
             \/ ReleaseLoad(t) \/ ReleaseCas(t) \/ IsAlive(t)
Closer(k) == CloseMark(k) \/ Handshake(k) \/ CloseState(k) \/ Free(k)
Accessor(a) == AccessEnter(a) \/ AccessCheck(a) \/ AccessRead(a)

Next ==
    \/ \E t \in Threads : Thread(t)
    \/ \E k \in Closers : Closer(k)
    \/ \E a \in Accessors : Accessor(a)
    \/ \E x \in MemThreads : Flush(x)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength; the names are those of        *)
(* specs/session where they mean the same.                                  *)

TypeOK == M!MemTypeOK

\* A thread holds the scope: its acquire's CAS succeeded, its release's CAS has not.
Holding(t) == pc[t] \in {"write", "guard", "rload", "rcas"}
Holders == {t \in Threads : Holding(t)}
\* A close has committed: it stored CLOSED.
Committed == \E k \in Closers : cpc[k] \in {"free", "ok"}

\* No thread holds the scope once a close committed: a thread that acquired keeps
\* the scope open until it releases, and every acquire after the close fails.
NoUseAfterClose == Committed => Holders = {}
\* No accessor is past its check once a close committed (the handshake's promise).
NoAccessAfterClose == Committed => \A a \in Accessors : apc[a] # "access"
\* A close that succeeds found the scope idle.
CloseSucceedsOnlyWhenIdle == \A k \in Closers : cpc[k] = "ok" => Holders = {}

\* What a scope protects: every holder's and accessor's access to the segment happens
\* before the free (the closer sees the newest write, none is on its way) ...
HoldersHappenBeforeFree == \A k \in Closers : cpc[k] = "free" => M!SeesLatest(k, "data")
\* ... and no accessor reads freed memory.
NoReadAfterFree == \A a \in Accessors : seen[a] # FREED

\* The count never goes below zero (the sentinels aside) ...
CountsNeverNegative == M!Final("state") \in {CLOSING, CLOSED} \/ M!Final("state") >= 0
\* ... and counts exactly the holders.
TicketsBalance == M!Final("state") >= 0 => M!Final("state") = Cardinality(Holders)
\* A release of an acquired handle is never refused as "release without acquire".
NoSpuriousRefusal == \A t \in Threads : pc[t] # "refused"

\* A close is under way: its CAS to CLOSING succeeded and it has not yet stored CLOSED
\* or ALIVE.
Closing == \E k \in Closers : cpc[k] \in {"handshake", "state"}
\* The scope stands open with no close pending: none committed, none under way. After
\* a failure that read a negative state (CLOSING or CLOSED), this means the close whose
\* CLOSING it read has rolled back (a committed close stays committed): the failure
\* was on a scope that stays open.
StaysOpen == ~Committed /\ ~Closing

\* The three properties below, and NoSpuriousAccessRefusal, fire only on a failure whose
\* close then rolls back: an acquire (or a close, or an access) that fails during a close
\* that then commits is not spurious, it is ordered after that close's CAS to CLOSING.
\* (Stated so since issue 45; before, they fired on any failure before the commit, even
\* with no rollback possible. JdkSession25.tla keeps FailedAcquireSeesClosed strict: JDK
\* 25's sharedSessionAlreadyClosed waits for the state store to keep it.)

\* An acquire fails only on a scope that a close then closes, never on a close that rolls
\* back. JDK 17 breaks it: an acquire that reads CLOSING fails at once ("Already closed"),
\* and the close may then roll back (its handshake found an accessor).
NoSpuriousAcquireFailure == \A t \in Threads : pc[t] \in {"failed", "dead", "alive"} => ~StaysOpen
\* A thread whose acquire failed is not told "alive" by a scope whose close rolled back:
\* its failure and isAlive() agree. JDK 17 breaks it (the same path, then isAlive()).
FailedAcquireSeesClosed == \A t \in Threads : pc[t] = "alive" => ~StaysOpen
\* A close that fails with "Already closed" found a close that then commits. JDK 17 breaks
\* it with two closers: the loser reads CLOSING, and the winner may roll back.
FailedCloseSeesClosed == \A k \in Closers : cpc[k] = "closed" => ~StaysOpen
\* An accessor's check refuses the access ("Already closed") only on a scope that a close
\* then closes. JDK 17 breaks it: the check reads CLOSING, and the close rolls back,
\* its handshake having failed because this very accessor was inside its @Scoped method
\* (Apache Lucene's case, apache/lucene pull request #12785).
NoSpuriousAccessRefusal == \A a \in Accessors : apc[a] = "refused" => ~StaysOpen
=============================================================================
