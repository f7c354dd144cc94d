------------------------------- MODULE Memory -------------------------------
(***************************************************************************)
(* Java access modes as an operational memory model that TLC can explore:  *)
(* the layer under the weak-memory models of the three designs.            *)
(*                                                                         *)
(* A spec INSTANCEs this module, declares its five variables, and performs *)
(* every shared-memory access through it with the access mode the Java     *)
(* uses. Two strengths, chosen by the constant Strength:                   *)
(*                                                                         *)
(* "tso"  x86-TSO (Sewell, Sarkar, Owens, Zappa Nardelli, Myreen, CACM     *)
(*        2010): one shared memory; each thread has a FIFO store buffer.   *)
(*        Plain, opaque and release stores enter the buffer; a load reads  *)
(*        its own buffer's newest store of the location, else memory. A    *)
(*        volatile store (mov + lock addl on HotSpot) and every read-      *)
(*        modify-write (lock cmpxchg, lock xadd) wait for the buffer to    *)
(*        drain. Loads of every mode are plain movs. A buffer drains one   *)
(*        store at a time (action Flush) whenever the scheduler likes. A   *)
(*        weak CAS never fails spuriously (it is a lock cmpxchg). This is  *)
(*        the hardware jcstress runs on here.                              *)
(*                                                                         *)
(* "weak" Java's access modes on hardware without TSO (AArch64, POWER),    *)
(*        as a view-based operational semantics in the style of Lahav,     *)
(*        Giannarakis and Vafeiadis, "Taming Release-Acquire Consistency"  *)
(*        (POPL 2016) and of the promising semantics without promises:     *)
(*        - each location keeps every write as a message, in modification *)
(*          order (its timestamp is its position); a message carries a     *)
(*          view: for each location, the newest timestamp its writer had   *)
(*          seen when it wrote, if the write releases, else nothing;       *)
(*        - each thread has a view; a load may read any message of the     *)
(*          location at or after the thread's view of it (a stale read);   *)
(*        - plain: no coherence: a plain load does not move the view, so   *)
(*          two plain loads may see one location's writes out of order     *)
(*          (jcstress BasicJMM_05_Coherence); opaque: coherent per         *)
(*          location (the load moves the view of that location), no order  *)
(*          across locations; release store: the message carries the       *)
(*          writer's view; acquire load: the reader joins the message's    *)
(*          view into its own; volatile: release and acquire, and totally  *)
(*          ordered: a volatile load reads no write older than the newest  *)
(*          volatile write of the location, and a volatile store goes      *)
(*          after it (the order of the interleaving is the synchronization *)
(*          order);                                                        *)
(*        - a store may take any free place in the modification order      *)
(*          after what its thread has seen of the location, so two writes *)
(*          that no thread orders may land in either order (2+2W);         *)
(*        - a read-modify-write reads the message just before its own and  *)
(*          nothing may ever come between them (atomicity). A volatile RMW *)
(*          reads the newest write; a non-volatile one may read an older   *)
(*          message whose successor is not already an RMW's, as in C11:    *)
(*          nothing orders it with the volatile accesses of other          *)
(*          locations. A weak CAS may fail spuriously (LL/SC).             *)
(*                                                                         *)
(* What the "weak" strength leaves out, and why each omission is sound for *)
(* the designs (docs/memory-model.md has the argument in full):            *)
(*  - Load buffering (LB) and out-of-thin-air values: a load reads only    *)
(*    messages already written; no promises. The JMM allows LB for plain   *)
(*    and opaque accesses. Every LB shape in the designs (a read, then a   *)
(*    store that another thread's read of the first location depends on)  *)
(*    ends in a release store or a releasing RMW, which forbids it in the  *)
(*    JMM too (the VarHandle spec: no prior load or store is reordered     *)
(*    after a release). A sibling that weakens such a release is judged by *)
(*    the other effects the layer does show; where the layer accepts a     *)
(*    weakening only because LB is missing, the docs say so.               *)
(*  - Program order between a thread's own accesses is kept: a later store *)
(*    never becomes readable before an earlier access of the same thread  *)
(*    is performed, so volatile accesses are also ordered with the plain   *)
(*    writes a racing reader saw (jcstress AdvancedJMM_15: "volatiles are *)
(*    not fences", outcome 1, 0, 0 allowed by the JMM, not here). The      *)
(*    designs never read a plain write racily and then a volatile one to   *)
(*    conclude something.                                                 *)
(*  - Plain stores are treated as opaque stores (coherent, untorn): the    *)
(*    JMM lets a plain long store tear (JLS 17.7); no design stores a      *)
(*    plain long that another thread reads.                                *)
(*  - Release sequences: an RMW passes on only its own thread's view, not  *)
(*    the view of the message it read (C11 does). This makes the layer     *)
(*    stricter about RMW chains, never laxer.                              *)
(*  - Fences: no design uses one.                                          *)
(*  - Liveness: a stale read may repeat forever; the layer is for safety   *)
(*    properties only (the designs' liveness is checked under sequential  *)
(*    consistency, with the loads of every spin loop at least opaque).     *)
(*                                                                         *)
(* The layer is validated on the classic litmus tests in this folder (SB,  *)
(* MP, LB, 2+2W, IRIW, CoRR), whose outcome sets the manifest pins against *)
(* the published ones.                                                     *)
(*                                                                         *)
(* Access modes, named for the Java that has them:                         *)
(*   loads   "plain" (field read, VarHandle.get, getPlain), "opaque"       *)
(*           (getOpaque), "acquire" (getAcquire), "volatile" (volatile     *)
(*           field, getVolatile, AtomicX.get)                              *)
(*   stores  "plain", "opaque" (setOpaque), "release" (setRelease,         *)
(*           lazySet), "volatile" (setVolatile, AtomicX.set)               *)
(*   RMWs    "volatile" (compareAndSet, compareAndExchange, getAndAdd),    *)
(*           "acquire" / "release" (compareAndExchangeAcquire/Release,     *)
(*           getAndAddAcquire/Release), and the weak CASes "weakVolatile"  *)
(*           (weakCompareAndSet), "weakAcquire", "weakRelease",            *)
(*           "weakPlain" (weakCompareAndSetPlain)                          *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS
    Strength,   \* "tso" or "weak"
    Threads,    \* the threads that access memory
    Locs,       \* the shared locations
    Init        \* [Locs -> value]: each location's initial value

ASSUME Strength \in {"tso", "weak"}

VARIABLES
    mem,    \* tso:  [Locs -> value], the shared memory
    buf,    \* tso:  [Threads -> Seq(<<loc, value>>)], each thread's store buffer, oldest first
    msgs,   \* weak: [Locs -> Seq(message)], each location's writes in modification order
    cur,    \* weak: [Threads -> view], the newest write of each location the thread has seen
    scv     \* weak: view, the newest volatile write of each location

memVars == <<mem, buf, msgs, cur, scv>>

LoadModes  == {"plain", "opaque", "acquire", "volatile"}
StoreModes == {"plain", "opaque", "release", "volatile"}
RmwModes   == {"plain", "acquire", "release", "volatile",
               "weakPlain", "weakAcquire", "weakRelease", "weakVolatile"}

Max2(a, b) == IF a >= b THEN a ELSE b

\* An RMW mode's ordering, and whether its CAS may fail spuriously.
IsWeak(m) == m \in {"weakPlain", "weakAcquire", "weakRelease", "weakVolatile"}
Order(m) ==
    CASE m = "weakPlain" -> "plain" [] m = "weakAcquire" -> "acquire"
      [] m = "weakRelease" -> "release" [] m = "weakVolatile" -> "volatile"
      [] OTHER -> m
Acquires(m) == Order(m) \in {"acquire", "volatile"}
Releases(m) == Order(m) \in {"release", "volatile"}

\* A view maps each location to a timestamp (1 is the initial write).
Bottom == [x \in Locs |-> 1]
Join(a, b) == [x \in Locs |-> Max2(a[x], b[x])]

MemInit ==
    /\ mem = Init
    /\ buf = [t \in Threads |-> <<>>]
    /\ msgs = [x \in Locs |-> << [val |-> Init[x], view |-> Bottom, rmw |-> FALSE] >>]
    /\ cur = [t \in Threads |-> Bottom]
    /\ scv = Bottom

MemTypeOK ==
    /\ Strength = "tso" => /\ DOMAIN mem = Locs
                           /\ \A t \in Threads : \A i \in DOMAIN buf[t] : buf[t][i][1] \in Locs
    /\ Strength = "weak" => /\ \A x \in Locs : Len(msgs[x]) >= 1
                            /\ \A t \in Threads : \A x \in Locs : cur[t][x] \in 1 .. Len(msgs[x])
                            /\ \A x \in Locs : scv[x] \in 1 .. Len(msgs[x])

-----------------------------------------------------------------------------
(* tso: what thread t reads at x: its newest buffered store of x, else memory. *)
TsoVal(t, x) ==
    LET hits == {i \in DOMAIN buf[t] : buf[t][i][1] = x}
    IN  IF hits = {} THEN mem[x]
        ELSE buf[t][CHOOSE i \in hits : \A j \in hits : j <= i][2]

\* tso: a locked instruction or mfence waits for the thread's buffer to drain.
Drained(t) == Strength = "weak" \/ buf[t] = <<>>

(* weak: the oldest write of x that a load of t with mode m may still read. *)
Oldest(t, x, m) == IF Order(m) = "volatile" THEN Max2(cur[t][x], scv[x]) ELSE cur[t][x]

(* weak: the view of t after reading the message at timestamp i of x with mode m *)
AfterRead(V, x, m, i) ==
    CASE m = "plain"  -> V
      [] m = "opaque" -> [V EXCEPT ![x] = Max2(@, i)]
      [] OTHER        -> [Join(V, msgs[x][i].view) EXCEPT ![x] = Max2(@, i)]

(* weak: inserting a message at position k of x moves every later timestamp *)
(* of x up by one, in every view.                                          *)
Bump(i, k) == IF i >= k THEN i + 1 ELSE i
ShiftV(V, x, k) == [V EXCEPT ![x] = Bump(@, k)]
InsertAt(s, k, e) == SubSeq(s, 1, k - 1) \o <<e>> \o SubSeq(s, k, Len(s))

(* weak: t writes v to x at position k of its modification order; V is t's *)
(* view just before (after the acquire of an RMW's read).                   *)
WeakWrite(t, x, m, v, k, rmw, V) ==
    LET Vt == [ShiftV(V, x, k) EXCEPT ![x] = k]
        nm == [val |-> v, rmw |-> rmw,
               view |-> IF Releases(m) THEN Vt ELSE [Bottom EXCEPT ![x] = k]]
        shifted == [y \in Locs |-> [i \in DOMAIN msgs[y] |->
                        [msgs[y][i] EXCEPT !.view = ShiftV(@, x, k)]]]
    IN  /\ msgs' = [shifted EXCEPT ![x] = InsertAt(@, k, nm)]
        /\ cur' = [u \in Threads |-> IF u = t THEN Vt ELSE ShiftV(cur[u], x, k)]
        /\ scv' = IF Order(m) = "volatile" THEN [ShiftV(scv, x, k) EXCEPT ![x] = k]
                                          ELSE ShiftV(scv, x, k)
        /\ UNCHANGED <<mem, buf>>

-----------------------------------------------------------------------------
(* The interface. A load or an RMW is a choice of what it reads, then its  *)
(* effect:  \E r \in Reads(t, x, m) : Load(t, x, m, r) /\ ... r.val ...    *)

(* What a load of x by t with mode m may return: a set of [val, ts]. *)
Reads(t, x, m) ==
    IF Strength = "tso" THEN {[val |-> TsoVal(t, x), ts |-> 0]}
    ELSE {[val |-> msgs[x][i].val, ts |-> i] : i \in Oldest(t, x, m) .. Len(msgs[x])}

Load(t, x, m, r) ==
    IF Strength = "tso" THEN UNCHANGED memVars
    ELSE /\ cur' = [cur EXCEPT ![t] = AfterRead(@, x, m, r.ts)]
         /\ UNCHANGED <<mem, buf, msgs, scv>>

Store(t, x, m, v) ==
    IF Strength = "tso"
    THEN IF m = "volatile"
         THEN /\ buf[t] = <<>>                   \* mov; lock addl: the buffer drains
              /\ mem' = [mem EXCEPT ![x] = v]
              /\ UNCHANGED <<buf, msgs, cur, scv>>
         ELSE /\ buf' = [buf EXCEPT ![t] = Append(@, <<x, v>>)]
              /\ UNCHANGED <<mem, msgs, cur, scv>>
    ELSE \E k \in {j \in Oldest(t, x, m) + 1 .. Len(msgs[x]) + 1 :
                     j = Len(msgs[x]) + 1 \/ ~msgs[x][j].rmw} :
             WeakWrite(t, x, m, v, k, FALSE, cur[t])

(* What a successful RMW of x by t with mode m may read. *)
RmwReads(t, x, m) ==
    IF Strength = "tso" THEN {[val |-> mem[x], ts |-> 0]}
    ELSE {[val |-> msgs[x][i].val, ts |-> i] :
            i \in {j \in Oldest(t, x, m) .. Len(msgs[x]) :
                     j = Len(msgs[x]) \/ ~msgs[x][j + 1].rmw}}

(* An RMW that read r writes v right after it. *)
Rmw(t, x, m, r, v) ==
    /\ Drained(t)
    /\ IF Strength = "tso"
       THEN /\ mem' = [mem EXCEPT ![x] = v]
            /\ UNCHANGED <<buf, msgs, cur, scv>>
       ELSE WeakWrite(t, x, m, v, r.ts + 1, TRUE,
                      AfterRead(cur[t], x, IF Acquires(m) THEN "acquire" ELSE "opaque", r.ts))

(* A failed CAS is a load (at least opaque: it is atomic, so coherent).   *)
FailMode(m) == CASE Order(m) = "volatile" -> "volatile"
                 [] Order(m) = "acquire"  -> "acquire"
                 [] OTHER                 -> "opaque"

(* What a CAS expecting e may read when it fails: another value, or on     *)
(* weak hardware, for a weak CAS, anything (a spurious failure).           *)
FailReads(t, x, m, e) ==
    {r \in Reads(t, x, FailMode(m)) : r.val # e \/ (IsWeak(m) /\ Strength = "weak")}

CasFail(t, x, m, r) == Drained(t) /\ Load(t, x, FailMode(m), r)

CasOk(t, x, m, e, v) == \E r \in RmwReads(t, x, m) : r.val = e /\ Rmw(t, x, m, r, v)
CasFails(t, x, m, e) == \E r \in FailReads(t, x, m, e) : CasFail(t, x, m, r)

(* tso: the oldest store of t's buffer reaches memory. *)
Flush(t) ==
    /\ Strength = "tso"
    /\ buf[t] # <<>>
    /\ mem' = [mem EXCEPT ![Head(buf[t])[1]] = Head(buf[t])[2]]
    /\ buf' = [buf EXCEPT ![t] = Tail(@)]
    /\ UNCHANGED <<msgs, cur, scv>>

-----------------------------------------------------------------------------
(* For properties. *)

\* No store is on its way to memory.
Quiescent == Strength = "weak" \/ \A t \in Threads : buf[t] = <<>>

\* The newest value of x (once Quiescent, for tso).
Final(x) == IF Strength = "tso" THEN mem[x] ELSE msgs[x][Len(msgs[x])].val

\* Every value x has held, oldest first (tso: memory's history is not kept, so
\* only the current one; used for properties of the weak strength).
History(x) == IF Strength = "tso" THEN <<mem[x]>> ELSE [i \in DOMAIN msgs[x] |-> msgs[x][i].val]

\* Thread t's next load of x, whatever its mode, can return only the newest
\* write of x, and no store of x is on its way: every write of x happens
\* before what t does next.
SeesLatest(t, x) ==
    IF Strength = "tso" THEN \A u \in Threads : \A i \in DOMAIN buf[u] : buf[u][i][1] # x
    ELSE cur[t][x] = Len(msgs[x])

(* The harness's happens-before edge: everything done so far happens     *)
(* before whatever any thread does next, as jcstress orders the state's   *)
(* construction before its actors, and its actors before the arbiter      *)
(* (tso: the buffers have drained; weak: every view takes in every other). *)
SyncAll ==
    /\ Quiescent
    /\ cur' = [t \in Threads |-> [x \in Locs |-> CHOOSE m \in {cur[u][x] : u \in Threads} :
                                                    \A u \in Threads : cur[u][x] <= m]]
    /\ UNCHANGED <<mem, buf, msgs, scv>>

=============================================================================
