------------------------- MODULE AdaptiveSessionMemory -------------------------
(***************************************************************************)
(* The adaptive session (AdaptiveSession.tla) with every shared-memory     *)
(* access made through the memory layer (specs/memory/Memory.tla), in the  *)
(* access mode io.github.uncontended.session.AdaptiveSession uses: the     *)
(* table JavaMode below, which the build checks against the Java; with     *)
(* what a session protects (the holders' accesses to the segment, the      *)
(* closer's free), and with the publication of the stripes.                *)
(*                                                                         *)
(* The stripes are an array of Counter objects that the inflater fills     *)
(* with plain stores (new Counter[n], then cs[i] = new Counter()) before   *)
(* its CAS publishes it; a thread that reads the reference then reads an   *)
(* element of the array with a plain load, and must not find it null       *)
(* (NoNullStripe). Location "cells" holds 0 (null), t (thread t's array)   *)
(* or SEALED; location Ref(t) is the element of thread t's array: 0 (null) *)
(* until t fills it, 1 after. Each inflate attempt allocates and fills a   *)
(* fresh array: only the one whose CAS wins is ever read by others. The    *)
(* fill and the element loads are plain by construction (array stores and *)
(* loads), not a mode the code chooses: they are not in JavaMode.          *)
(*                                                                         *)
(* Modeled: acquiring threads, each acquiring Acquires times (LoadCells,   *)
(* then the base or the stripe: AcquireLoad, AcquireCas; after a failed    *)
(* base CAS: the fill and Inflate), writing and reading the segment, and   *)
(* releasing (a stripe's ticket loads the stripes reference again, as the  *)
(* Java's release does); a thread whose acquire fails on CLOSED asks       *)
(* isAlive(). With two acquires a thread may hold through the base, then   *)
(* through the stripe (`held`, a history variable for the witnesses).     *)
(* One stripe: the protocol marks and commits the stripes one by one in    *)
(* order, as ShardedSession's counters, which SessionMemory.tla checks    *)
(* with two. Closers run the close (CloseMark on the base, CloseSeal, the  *)
(* stripe's CloseMark, CloseRollback, CloseCommit) and free the segment.  *)
(* Abstracted away: hand-offs and which stripe a thread picks (one), and   *)
(* liveness (the layer is for safety; see Memory.tla).                     *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    T,          \* acquiring threads 1..T
    Closers,    \* the closing threads
    Acquires,   \* acquires (each followed by its release) per thread
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, "none", or "all"
    WeakMode    \* the mode it gets

ASSUME T \in Nat \ {0} /\ Closers # {} /\ Acquires \in Nat \ {0}

\* The access mode of each step, as AdaptiveSession uses it. The counter steps share their
\* names, and their modes, with SessionMemory.tla's table (ShardedSession; "wait": the note at the end).
JavaMode == [
    LoadCells     |-> "acquire",    \* CELLS.getAcquire (in acquire, and in a stripe's release)
    AcquireLoad   |-> "volatile",   \* BASE_COUNT / COUNTER.getVolatile (wait: the CLOSING wait, the CAS retry)
    AcquireCas    |-> "volatile",   \* BASE_COUNT / COUNTER.compareAndSet
    Inflate       |-> "volatile",   \* CELLS.compareAndExchange(null, fresh)
    DataWrite     |-> "plain",      \* the holder's store into the segment
    DataRead      |-> "plain",      \* the holder's load from the segment
    ReleaseLoad   |-> "volatile",   \* getVolatile (wait: the release CAS retry)
    Release       |-> "volatile",   \* compareAndSet
    IsAlive       |-> "volatile",   \* BASE_COUNT.getVolatile
    CloseMark     |-> "volatile",   \* compareAndExchange(0, CLOSING)
    CloseSeal     |-> "volatile",   \* CELLS.compareAndExchange(null, SEALED)
    CloseRollback |-> "release",    \* setRelease(0)
    CloseCommit   |-> "release",    \* setRelease(CLOSED)
    Free          |-> "plain"       \* the arena's free of the segment
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Threads  == 1 .. T
Base     == 0
Stripe   == 1
CLOSING  == -100
CLOSED   == -200
SEALED   == -1                           \* what cells holds once sealed
FREED    == -1                           \* what the segment holds once freed
CLoc(i)  == "c" \o ToString(i)
Ref(t)   == "ref" \o ToString(t)
Locs     == {CLoc(Base), CLoc(Stripe), "cells", "data"} \cup {Ref(t) : t \in Threads}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per acquiring thread: its next step, or how it ended
    v,          \* per acquiring thread: the counter value its load saw (a local)
    ticket,     \* per acquiring thread: the counter it acquires through, the ticket (a local)
    arr,        \* per acquiring thread: the array whose element it reads next (a local)
    seen,       \* per acquiring thread: what its segment read returned (a local)
    round,      \* per acquiring thread: which of its Acquires acquires it is in
    held,       \* history: per thread, the counters (Base, Stripe) it has acquired through
    cpc,        \* per closer: its next step, or how its close ended
    carr,       \* per closer: the stripes its seal found (a local)
    striped,    \* per closer: whether its close marks (and commits) the stripe (a local)
    marked      \* per closer: the counters this call marked CLOSING (a local)

vars == <<mem, buf, msgs, cur, scv, pc, v, ticket, arr, seen, round, held, cpc, carr, striped, marked>>
memVars == <<mem, buf, msgs, cur, scv>>

M == INSTANCE Memory WITH Threads <- Threads \cup Closers, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> "start"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = [t \in Threads |-> Base]
    /\ arr = [t \in Threads |-> 0]
    /\ seen = [t \in Threads |-> 0]
    /\ round = [t \in Threads |-> 1]
    /\ held = [t \in Threads |-> {}]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ carr = [k \in Closers |-> 0]
    /\ striped = [k \in Closers |-> FALSE]
    /\ marked = [k \in Closers |-> {}]

Goto(t, l) == pc' = [pc EXCEPT ![t] = l]
closerVars == <<cpc, carr, striped, marked>>
threadVars == <<pc, v, ticket, arr, seen, round, held>>
\* An array reference: some thread's array (not null, not the seal).
IsArray(x) == x \in Threads

(* acquire: cs = cells; an array: read its element, then the stripe; else the base *)
LoadCells(t) ==
    /\ pc[t] = "start"
    /\ \E r \in M!Reads(t, "cells", Mode("LoadCells")) :
          /\ M!Load(t, "cells", Mode("LoadCells"), r)
          /\ IF IsArray(r.val) THEN Goto(t, "ref") /\ arr' = [arr EXCEPT ![t] = r.val] /\ UNCHANGED ticket
                               ELSE Goto(t, "load") /\ ticket' = [ticket EXCEPT ![t] = Base] /\ UNCHANGED arr
    /\ UNCHANGED <<v, seen, round, held>> /\ UNCHANGED closerVars

(* cs[i]: a plain load of the array's element; null is a NullPointerException *)
ReadStripeRef(t) ==
    /\ pc[t] \in {"ref", "rref"}
    /\ \E r \in M!Reads(t, Ref(arr[t]), "plain") :
          /\ M!Load(t, Ref(arr[t]), "plain", r)
          /\ IF r.val = 0 THEN Goto(t, "npe") /\ UNCHANGED ticket
             ELSE IF pc[t] = "ref" THEN Goto(t, "load") /\ ticket' = [ticket EXCEPT ![t] = Stripe]
                                   ELSE Goto(t, "rload") /\ UNCHANGED ticket
    /\ UNCHANGED <<v, arr, seen, round, held>> /\ UNCHANGED closerVars

(* acquire: v = c[i]; CLOSED: fail; CLOSING: spin (this step waits) *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ \E r \in M!Reads(t, CLoc(ticket[t]), Mode("AcquireLoad")) :
          /\ r.val # CLOSING
          /\ M!Load(t, CLoc(ticket[t]), Mode("AcquireLoad"), r)
          /\ IF r.val = CLOSED THEN Goto(t, "failed") /\ UNCHANGED v
                               ELSE Goto(t, "cas") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED <<ticket, arr, seen, round, held>> /\ UNCHANGED closerVars

(* acquire: CAS(v, v + 1); failure: load the stripe again, or fill and inflate after the base *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ \/ /\ M!CasOk(t, CLoc(ticket[t]), Mode("AcquireCas"), v[t], v[t] + 1) /\ Goto(t, "write")
          /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
       \/ /\ M!CasFails(t, CLoc(ticket[t]), Mode("AcquireCas"), v[t])
          /\ Goto(t, IF ticket[t] = Base THEN "fill" ELSE "load")
          /\ UNCHANGED held
    /\ UNCHANGED <<v, ticket, arr, seen, round>> /\ UNCHANGED closerVars

(* inflate, first: fill the fresh array (new Counter[n]; cs[i] = new Counter(0)): plain *)
Fill(t) ==
    /\ pc[t] = "fill"
    /\ M!Store(t, Ref(t), "plain", 1)
    /\ Goto(t, "inflate")
    /\ UNCHANGED <<v, ticket, arr, seen, round, held>> /\ UNCHANGED closerVars

(* inflate: w = compareAndExchange(cells, null, this thread's array) *)
Inflate(t) ==
    /\ pc[t] = "inflate"
    /\ \/ /\ M!CasOk(t, "cells", Mode("Inflate"), 0, t)
          /\ Goto(t, "load") /\ ticket' = [ticket EXCEPT ![t] = Stripe] /\ UNCHANGED arr   \* its own array
       \/ \E r \in M!FailReads(t, "cells", Mode("Inflate"), 0) :
          /\ M!CasFail(t, "cells", Mode("Inflate"), r)
          /\ IF r.val = SEALED
                THEN Goto(t, "load") /\ ticket' = [ticket EXCEPT ![t] = Base] /\ UNCHANGED arr
                ELSE Goto(t, "ref") /\ arr' = [arr EXCEPT ![t] = r.val] /\ UNCHANGED ticket
    /\ UNCHANGED <<v, seen, round, held>> /\ UNCHANGED closerVars

(* the holder writes the segment ... *)
DataWrite(t) ==
    /\ pc[t] = "write"
    /\ M!Store(t, "data", Mode("DataWrite"), t)
    /\ Goto(t, "read")
    /\ UNCHANGED <<v, ticket, arr, seen, round, held>> /\ UNCHANGED closerVars

(* ... and reads it; then releases (a stripe's ticket loads the stripes reference first) *)
DataRead(t) ==
    /\ pc[t] = "read"
    /\ \E r \in M!Reads(t, "data", Mode("DataRead")) :
          M!Load(t, "data", Mode("DataRead"), r) /\ seen' = [seen EXCEPT ![t] = r.val]
    /\ Goto(t, IF ticket[t] = Stripe THEN "rcells" ELSE "rload")
    /\ UNCHANGED <<v, ticket, arr, round, held>> /\ UNCHANGED closerVars

(* release of a stripe's ticket: cs = cells; no array: "release without acquire" *)
ReleaseLoadCells(t) ==
    /\ pc[t] = "rcells"
    /\ \E r \in M!Reads(t, "cells", Mode("LoadCells")) :
          /\ M!Load(t, "cells", Mode("LoadCells"), r)
          /\ IF IsArray(r.val) THEN Goto(t, "rref") /\ arr' = [arr EXCEPT ![t] = r.val]
                               ELSE Goto(t, "refused") /\ UNCHANGED arr
    /\ UNCHANGED <<v, ticket, seen, round, held>> /\ UNCHANGED closerVars

(* release(ticket): v = c[ticket]; v < 1 would be a release without an acquire *)
ReleaseLoad(t) ==
    /\ pc[t] = "rload"
    /\ \E r \in M!Reads(t, CLoc(ticket[t]), Mode("ReleaseLoad")) :
          /\ M!Load(t, CLoc(ticket[t]), Mode("ReleaseLoad"), r)
          /\ IF r.val < 1 THEN Goto(t, "refused") /\ UNCHANGED v
                          ELSE Goto(t, "release") /\ v' = [v EXCEPT ![t] = r.val]
    /\ UNCHANGED <<ticket, arr, seen, round, held>> /\ UNCHANGED closerVars

(* release: CAS(v, v - 1); failure: load again. Then the thread's next    *)
(* acquire, or it is done.                                                *)
Release(t) ==
    /\ pc[t] = "release"
    /\ \/ /\ M!CasOk(t, CLoc(ticket[t]), Mode("Release"), v[t], v[t] - 1)
          /\ IF round[t] < Acquires
                THEN Goto(t, "start") /\ round' = [round EXCEPT ![t] = @ + 1]
                ELSE Goto(t, "done") /\ UNCHANGED round
       \/ M!CasFails(t, CLoc(ticket[t]), Mode("Release"), v[t]) /\ Goto(t, "rload") /\ UNCHANGED round
    /\ UNCHANGED <<v, ticket, arr, seen, held>> /\ UNCHANGED closerVars

(* after "Already closed": isAlive() reads the base *)
IsAlive(t) ==
    /\ pc[t] = "failed"
    /\ \E r \in M!Reads(t, CLoc(Base), Mode("IsAlive")) :
          M!Load(t, CLoc(Base), Mode("IsAlive"), r) /\ Goto(t, IF r.val = CLOSED THEN "dead" ELSE "alive")
    /\ UNCHANGED <<v, ticket, arr, seen, round, held>> /\ UNCHANGED closerVars

CGoto(k, l) == cpc' = [cpc EXCEPT ![k] = l]

(* close, phase 1: witness = compareAndExchange(c[i], 0, CLOSING): the base, *)
(* then (after the seal found the stripes) the stripe                        *)
CloseMark(k) ==
    /\ cpc[k] \in {"mark", "markStripe"}
    /\ LET i == IF cpc[k] = "mark" THEN Base ELSE Stripe IN
       \/ /\ M!CasOk(k, CLoc(i), Mode("CloseMark"), 0, CLOSING)
          /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
          /\ CGoto(k, IF i = Base THEN "seal" ELSE "commit")
       \/ \E r \in M!FailReads(k, CLoc(i), Mode("CloseMark"), 0) :
          /\ M!CasFail(k, CLoc(i), Mode("CloseMark"), r)
          /\ CGoto(k, IF r.val = CLOSED THEN "rollbackClosed" ELSE "rollbackBusy")
          /\ UNCHANGED marked
    /\ UNCHANGED <<carr, striped>> /\ UNCHANGED threadVars

(* close, phase 1: w = compareAndExchange(cells, null, SEALED); the stripes: *)
(* read the array's element, then mark the stripe                            *)
CloseSeal(k) ==
    /\ cpc[k] = "seal"
    /\ \/ M!CasOk(k, "cells", Mode("CloseSeal"), 0, SEALED) /\ CGoto(k, "commit") /\ UNCHANGED <<carr, striped>>
       \/ \E r \in M!FailReads(k, "cells", Mode("CloseSeal"), 0) :
          /\ M!CasFail(k, "cells", Mode("CloseSeal"), r)
          /\ IF r.val = SEALED
                THEN CGoto(k, "rollbackClosed") /\ UNCHANGED <<carr, striped>>
                ELSE CGoto(k, "sref") /\ carr' = [carr EXCEPT ![k] = r.val] /\ striped' = [striped EXCEPT ![k] = TRUE]
    /\ UNCHANGED marked /\ UNCHANGED threadVars

(* close: cs[i], a plain load of the element of the array the seal found *)
CloseReadStripeRef(k) ==
    /\ cpc[k] = "sref"
    /\ \E r \in M!Reads(k, Ref(carr[k]), "plain") :
          M!Load(k, Ref(carr[k]), "plain", r) /\ CGoto(k, IF r.val = 0 THEN "npe" ELSE "markStripe")
    /\ UNCHANGED <<carr, striped, marked>> /\ UNCHANGED threadVars

(* close, failed phase 1: reset one counter THIS call marked (the base first); then fail *)
CloseRollback(k) ==
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ IF marked[k] = {}
          THEN /\ CGoto(k, IF cpc[k] = "rollbackClosed" THEN "closed" ELSE "busy")
               /\ UNCHANGED marked /\ UNCHANGED memVars
          ELSE LET j == CHOOSE x \in marked[k] : \A y \in marked[k] : x <= y IN
               /\ M!Store(k, CLoc(j), Mode("CloseRollback"), 0)
               /\ marked' = [marked EXCEPT ![k] = @ \ {j}]
               /\ UNCHANGED cpc
    /\ UNCHANGED <<carr, striped>> /\ UNCHANGED threadVars

(* close, phase 2: CLOSED into the base, then into the stripe if there is one; then free *)
CloseCommit(k) ==
    /\ cpc[k] \in {"commit", "commitStripe"}
    /\ LET i == IF cpc[k] = "commit" THEN Base ELSE Stripe IN
       /\ M!Store(k, CLoc(i), Mode("CloseCommit"), CLOSED)
       /\ CGoto(k, IF i = Base /\ striped[k] THEN "commitStripe" ELSE "free")
    /\ UNCHANGED <<carr, striped, marked>> /\ UNCHANGED threadVars

(* the closed arena frees the segment *)
Free(k) ==
    /\ cpc[k] = "free"
    /\ M!Store(k, "data", Mode("Free"), FREED)
    /\ CGoto(k, "ok")
    /\ UNCHANGED <<carr, striped, marked>> /\ UNCHANGED threadVars

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, v, ticket, arr, seen, round, held, cpc, carr, striped, marked>>

Done ==
    /\ \A t \in Threads : pc[t] \in {"done", "refused", "dead", "alive", "npe"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed", "npe"}
    /\ M!Quiescent

Thread(t) == LoadCells(t) \/ ReadStripeRef(t) \/ AcquireLoad(t) \/ AcquireCas(t) \/ Fill(t) \/ Inflate(t)
             \/ DataWrite(t) \/ DataRead(t) \/ ReleaseLoadCells(t) \/ ReleaseLoad(t) \/ Release(t) \/ IsAlive(t)
Closer(k) == CloseMark(k) \/ CloseSeal(k) \/ CloseReadStripeRef(k) \/ CloseRollback(k) \/ CloseCommit(k) \/ Free(k)

Next ==
    \/ \E t \in Threads : Thread(t)
    \/ \E k \in Closers : Closer(k)
    \/ \E x \in Threads \cup Closers : Flush(x)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* What a session protects: every holder's access to the segment happens before the free ...
HoldersHappenBeforeFree == \A k \in Closers : cpc[k] = "free" => M!SeesLatest(k, "data")
\* ... and no holder reads freed memory.
NoReadAfterFree == \A t \in Threads : seen[t] # FREED

\* No thread holds the session once a close committed.
Holding(t) == pc[t] \in {"write", "read", "rcells", "rref", "rload", "release"}
NoUseAfterClose == (\E k \in Closers : cpc[k] \in {"commit", "commitStripe", "free", "ok"}) => \A t \in Threads : ~Holding(t)

\* A release of an acquired ticket is never refused as "release without acquire".
NoSpuriousRefusal == \A t \in Threads : pc[t] # "refused"

\* A thread whose acquire failed on CLOSED finds the session dead.
FailedAcquireSeesClosed == \A t \in Threads : pc[t] # "alive"

\* The stripes are seen filled: no thread and no closer reads a null element of the array it
\* found (the Java would throw NullPointerException).
NoNullStripe == (\A t \in Threads : pc[t] # "npe") /\ (\A k \in Closers : cpc[k] # "npe")

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
