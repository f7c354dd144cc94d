----------------------------- MODULE JdkSession25 -----------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): the JDK's shared memory       *)
(* session as JDK 25.0.3 ships it, jdk.internal.foreign.SharedSession      *)
(* (module java.base) with its superclass MemorySessionImpl. Written from  *)
(* a reading of that JDK's src.zip; no code of it is copied here. Every    *)
(* shared access goes through specs/memory/Memory.tla with the mode the    *)
(* 25.0.3 Java uses: the table JavaMode.                                   *)
(*                                                                         *)
(* Two int fields of MemorySessionImpl: acquireCount (VarHandle            *)
(* ACQUIRE_COUNT): n >= 0 acquires, or -1 (CLOSED_ACQUIRE_COUNT) once a    *)
(* close has won; and state (@Stable; VarHandle STATE for the shared       *)
(* session's volatile accesses): OPEN (0), then CLOSED (-1).               *)
(*                                                                         *)
(* Modelled:                                                               *)
(*  - acquiring threads 1..T, each once: SharedSession.acquire0, a loop of *)
(*    AcquireLoad (ACQUIRE_COUNT.getVolatile) and AcquireCas               *)
(*    (ACQUIRE_COUNT.compareAndSet of value + 1); a negative count goes to *)
(*    sharedSessionAlreadyClosed, which spins on STATE.getVolatile while   *)
(*    the state is OPEN (ClosedWait) and then throws "Already closed"; the *)
(*    holder's store into the segment (HolderWrite, plain); release0, a    *)
(*    loop of ReleaseLoad (ACQUIRE_COUNT.getVolatile; a value <= 0, a      *)
(*    release without an acquire, goes to sharedSessionAlreadyClosed too)  *)
(*    and ReleaseCas (ACQUIRE_COUNT.compareAndSet of value - 1). A thread  *)
(*    whose acquire failed asks isAlive() (IsAlive: the field state, read  *)
(*    plain, state >= OPEN);                                               *)
(*  - closers: MemorySessionImpl.close -> SharedSession.justClose:         *)
(*    CloseMark (ACQUIRE_COUNT.compareAndExchange(0, -1): a witness above  *)
(*    0 throws "acquired by n clients", below 0 goes to                    *)
(*    sharedSessionAlreadyClosed: ClosedWait, then "Already closed";       *)
(*    nothing to undo), CloseState (STATE.setVolatile(CLOSED)), the        *)
(*    handshake (below; it cannot fail: there is no rollback in JDK 25),   *)
(*    then the cleanup's free of the segment (Free, plain);                *)
(*  - accessors: threads that access the segment without acquiring, as a   *)
(*    MemorySegment access does: they enter a @Scoped method of            *)
(*    ScopedMemoryAccess (AccessEnter, no memory access), run              *)
(*    checkValidStateRaw (AccessCheck: the field state read plain, below   *)
(*    OPEN throws; the owner check reads a final field, null here) and     *)
(*    read the segment (AccessRead, plain).                                *)
(*                                                                         *)
(* The handshake (ScopedMemoryAccess.closeScope -> the native closeScope0, *)
(* which returns nothing in 25) is one step, Handshake: it waits until no  *)
(* accessor is inside its @Scoped method (entered, not yet returned or     *)
(* thrown), and it synchronizes the closer with every thread both ways     *)
(* (the closer takes in every thread's views, every thread the closer's;   *)
(* on tso it runs with every store buffer drained). The VM does not wait:  *)
(* it makes an accessor found inside throw (an async exception) before its *)
(* next access; the waiting step has every behaviour of that one but the   *)
(* accessor's further accesses, which only the free can make unsafe, and   *)
(* the free comes after the handshake in both. Its thread-local internals  *)
(* are not modelled; docs/peers-jdk.md has the argument.                   *)
(*                                                                         *)
(* Abstracted away: acquire0's MAX_FORKS check (overflow), the resource    *)
(* list's add and cleanup (their own VarHandle accesses to fst) except the *)
(* one cleanup action that frees the segment, ImplicitSession and the      *)
(* global session (never closed by close()), liveness (the layer is for   *)
(* safety; a wait is a step enabled once its load may read what ends it).  *)
(* Load buffering is not in the layer (Memory.tla).                        *)
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

\* The access mode of each step in JDK 25.0.3.
JavaMode == [
    AcquireLoad |-> "volatile",  \* SharedSession.acquire0: ACQUIRE_COUNT.getVolatile
    AcquireCas  |-> "volatile",  \* SharedSession.acquire0: ACQUIRE_COUNT.compareAndSet(value, value + 1)
    ClosedWait  |-> "volatile",  \* SharedSession.sharedSessionAlreadyClosed: STATE.getVolatile (spin while OPEN)
    HolderWrite |-> "plain",     \* the holder's store into the segment (user code)
    ReleaseLoad |-> "volatile",  \* SharedSession.release0: ACQUIRE_COUNT.getVolatile
    ReleaseCas  |-> "volatile",  \* SharedSession.release0: ACQUIRE_COUNT.compareAndSet(value, value - 1)
    IsAlive     |-> "plain",     \* MemorySessionImpl.isAlive: the field state, read plain
    CloseMark   |-> "volatile",  \* SharedSession.justClose: ACQUIRE_COUNT.compareAndExchange(0, -1)
    CloseState  |-> "volatile",  \* SharedSession.justClose: STATE.setVolatile(CLOSED)
    Free        |-> "plain",     \* the cleanup action's free of the segment
    AccessCheck |-> "plain",     \* MemorySessionImpl.checkValidStateRaw: the field state, read plain
    AccessRead  |-> "plain"      \* the @Scoped access's load from the segment
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Threads == 1 .. T
OPEN    == 0                     \* state
CLOSED  == -1                    \* state
CLOSED_ACQUIRE_COUNT == -1       \* acquireCount
FREED   == -9                    \* what the segment holds once freed
Locs == {"count", "state", "data"}
MemThreads == Threads \cup Closers \cup Accessors

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per acquiring thread: its next step, or how it ended
    v,          \* per acquiring thread: the count its load saw (a local)
    cpc,        \* per closer: its next step, or how its close ended
    apc,        \* per accessor: its next step, or how it ended
    seen        \* per accessor: what its read of the segment returned

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, pc, v, cpc, apc, seen>>
threadVars == <<pc, v>>
accessorVars == <<apc, seen>>

M == INSTANCE Memory WITH Threads <- MemThreads, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> "load"]
    /\ v = [t \in Threads |-> 0]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ apc = [a \in Accessors |-> "idle"]
    /\ seen = [a \in Accessors |-> 0]

Goto(t, l) == pc' = [pc EXCEPT ![t] = l]
CGoto(k, l) == cpc' = [cpc EXCEPT ![k] = l]
AGoto(a, l) == apc' = [apc EXCEPT ![a] = l]

(* acquire0: value = ACQUIRE_COUNT.getVolatile; negative: the session is  *)
(* closed or closing, sharedSessionAlreadyClosed                           *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ \E r \in M!Reads(t, "count", Mode("AcquireLoad")) :
          /\ M!Load(t, "count", Mode("AcquireLoad"), r)
          /\ IF r.val < 0 THEN Goto(t, "acqWait") /\ UNCHANGED v
                          ELSE Goto(t, "cas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* acquire0: ACQUIRE_COUNT.compareAndSet(value, value + 1); failure: again *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ \/ M!CasOk(t, "count", Mode("AcquireCas"), v[t], v[t] + 1) /\ Goto(t, "write")
       \/ M!CasFails(t, "count", Mode("AcquireCas"), v[t]) /\ Goto(t, "load")
    /\ UNCHANGED v /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* the holder writes the segment *)
HolderWrite(t) ==
    /\ pc[t] = "write"
    /\ M!Store(t, "data", Mode("HolderWrite"), t)
    /\ Goto(t, "rload")
    /\ UNCHANGED v /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* release0: value = ACQUIRE_COUNT.getVolatile; value <= 0 (a release     *)
(* without an acquire): sharedSessionAlreadyClosed                         *)
ReleaseLoad(t) ==
    /\ pc[t] = "rload"
    /\ \E r \in M!Reads(t, "count", Mode("ReleaseLoad")) :
          /\ M!Load(t, "count", Mode("ReleaseLoad"), r)
          /\ IF r.val <= 0 THEN Goto(t, "relWait") /\ UNCHANGED v
                           ELSE Goto(t, "rcas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* release0: ACQUIRE_COUNT.compareAndSet(value, value - 1); failure: again *)
ReleaseCas(t) ==
    /\ pc[t] = "rcas"
    /\ \/ M!CasOk(t, "count", Mode("ReleaseCas"), v[t], v[t] - 1) /\ Goto(t, "done")
       \/ M!CasFails(t, "count", Mode("ReleaseCas"), v[t]) /\ Goto(t, "rload")
    /\ UNCHANGED v /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* sharedSessionAlreadyClosed: spin on STATE.getVolatile while OPEN, then *)
(* throw "Already closed" (from acquire0: failed; from release0: refused) *)
ThreadClosedWait(t) ==
    /\ pc[t] \in {"acqWait", "relWait"}
    /\ \E r \in M!Reads(t, "state", Mode("ClosedWait")) :
          /\ r.val # OPEN
          /\ M!Load(t, "state", Mode("ClosedWait"), r)
          /\ Goto(t, IF pc[t] = "acqWait" THEN "failed" ELSE "refused")
    /\ UNCHANGED v /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* after "Already closed": isAlive() is state >= OPEN, a plain read *)
IsAlive(t) ==
    /\ pc[t] = "failed"
    /\ \E r \in M!Reads(t, "state", Mode("IsAlive")) :
          M!Load(t, "state", Mode("IsAlive"), r) /\ Goto(t, IF r.val >= OPEN THEN "alive" ELSE "dead")
    /\ UNCHANGED v /\ UNCHANGED cpc /\ UNCHANGED accessorVars

(* justClose: n = ACQUIRE_COUNT.compareAndExchange(0, -1); n < 0:          *)
(* sharedSessionAlreadyClosed; n > 0: "acquired by n clients"              *)
CloseMark(k) ==
    /\ cpc[k] = "mark"
    /\ \/ M!CasOk(k, "count", Mode("CloseMark"), 0, CLOSED_ACQUIRE_COUNT) /\ CGoto(k, "state")
       \/ \E r \in M!FailReads(k, "count", Mode("CloseMark"), 0) :
             /\ M!CasFail(k, "count", Mode("CloseMark"), r)
             /\ CGoto(k, IF r.val < 0 THEN "closeWait" ELSE "busy")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* sharedSessionAlreadyClosed, from justClose: then "Already closed" *)
CloserClosedWait(k) ==
    /\ cpc[k] = "closeWait"
    /\ \E r \in M!Reads(k, "state", Mode("ClosedWait")) :
          /\ r.val # OPEN
          /\ M!Load(k, "state", Mode("ClosedWait"), r)
          /\ CGoto(k, "closed")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* justClose: STATE.setVolatile(CLOSED) *)
CloseState(k) ==
    /\ cpc[k] = "state"
    /\ M!Store(k, "state", Mode("CloseState"), CLOSED)
    /\ CGoto(k, "handshake")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

\* An accessor is inside its @Scoped method: entered, not yet returned or thrown.
Inside(a) == apc[a] \in {"check", "access"}

(* The handshake, one step: every store buffer drained (tso); the closer  *)
(* takes in the views of every thread, and every thread the closer's      *)
(* (weak); it waits until no accessor is inside a @Scoped method.         *)
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
    /\ \A a \in Accessors : ~Inside(a)
    /\ HandshakeSync(k)
    /\ CGoto(k, "free")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* the cleanup frees the segment *)
Free(k) ==
    /\ cpc[k] = "free"
    /\ M!Store(k, "data", Mode("Free"), FREED)
    /\ CGoto(k, "ok")
    /\ UNCHANGED threadVars /\ UNCHANGED accessorVars

(* an accessor enters a @Scoped method of ScopedMemoryAccess *)
AccessEnter(a) ==
    /\ apc[a] = "idle"
    /\ AGoto(a, "check")
    /\ UNCHANGED seen /\ UNCHANGED memVars /\ UNCHANGED threadVars /\ UNCHANGED cpc

(* checkValidStateRaw: state < OPEN throws *)
AccessCheck(a) ==
    /\ apc[a] = "check"
    /\ \E r \in M!Reads(a, "state", Mode("AccessCheck")) :
          /\ M!Load(a, "state", Mode("AccessCheck"), r)
          /\ AGoto(a, IF r.val < OPEN THEN "refused" ELSE "access")
    /\ UNCHANGED seen /\ UNCHANGED threadVars /\ UNCHANGED cpc

(* the access itself: a load from the segment *)
AccessRead(a) ==
    /\ apc[a] = "access"
    /\ \E r \in M!Reads(a, "data", Mode("AccessRead")) :
          M!Load(a, "data", Mode("AccessRead"), r) /\ seen' = [seen EXCEPT ![a] = r.val]
    /\ AGoto(a, "done")
    /\ UNCHANGED threadVars /\ UNCHANGED cpc

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, v, cpc, apc, seen>>

Done ==
    /\ \A t \in Threads : pc[t] \in {"done", "refused", "dead", "alive"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}
    /\ \A a \in Accessors : apc[a] \in {"done", "refused"}
    /\ HandshakeSyncs => M!Quiescent

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ HolderWrite(t) \/ ReleaseLoad(t)
             \/ ReleaseCas(t) \/ ThreadClosedWait(t) \/ IsAlive(t)
Closer(k) == CloseMark(k) \/ CloserClosedWait(k) \/ CloseState(k) \/ Handshake(k) \/ Free(k)
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

\* A thread holds the session: its acquire's CAS succeeded, its release's CAS has not.
Holding(t) == pc[t] \in {"write", "rload", "rcas"}
Holders == {t \in Threads : Holding(t)}
\* A close has committed: its CAS to -1 succeeded (from there on it cannot fail).
Committed == \E k \in Closers : cpc[k] \in {"state", "handshake", "free", "ok"}
\* A close is past its handshake.
HandshakeDone == \E k \in Closers : cpc[k] \in {"free", "ok"}

\* No thread holds the session once a close committed: a thread that acquired keeps
\* the session open until it releases, and every acquire after the close fails.
NoUseAfterClose == Committed => Holders = {}
\* No accessor is past its check once the handshake is done (the handshake's promise).
NoAccessAfterClose == HandshakeDone => \A a \in Accessors : apc[a] # "access"
\* A close that succeeds found the session idle.
CloseSucceedsOnlyWhenIdle == \A k \in Closers : cpc[k] = "ok" => Holders = {}

\* What a session protects: every holder's and accessor's access to the segment happens
\* before the free (the closer sees the newest write, none is on its way) ...
HoldersHappenBeforeFree == \A k \in Closers : cpc[k] = "free" => M!SeesLatest(k, "data")
\* ... and no accessor reads freed memory.
NoReadAfterFree == \A a \in Accessors : seen[a] # FREED

\* The count never goes below zero (the closed sentinel aside) ...
CountsNeverNegative == M!Final("count") = CLOSED_ACQUIRE_COUNT \/ M!Final("count") >= 0
\* ... and counts exactly the holders.
TicketsBalance == M!Final("count") >= 0 => M!Final("count") = Cardinality(Holders)
\* A release of an acquired session is never refused as "release without acquire".
NoSpuriousRefusal == \A t \in Threads : pc[t] \notin {"relWait", "refused"}

\* An acquire fails only once a close committed.
NoSpuriousAcquireFailure == \A t \in Threads : pc[t] \in {"failed", "dead", "alive"} => Committed
\* A thread whose acquire failed finds the session dead (sharedSessionAlreadyClosed
\* waits for the state to change before it throws, for this).
FailedAcquireSeesClosed == \A t \in Threads : pc[t] # "alive"
\* A close that fails with "Already closed" found the session closed: a close has committed
\* (the loser waits in sharedSessionAlreadyClosed for the winner's state store).
FailedCloseSeesClosed == \A k \in Closers : cpc[k] = "closed" => Committed
\* An accessor's check refuses the access only once a close committed (its CAS to -1
\* won: from there on the close cannot fail). JDK 25 stores CLOSED only after that CAS,
\* and has no rollback: compare NoSpuriousAccessRefusal in JdkScope17.tla, which JDK 17
\* breaks.
NoSpuriousAccessRefusal == \A a \in Accessors : apc[a] = "refused" => Committed
=============================================================================
