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
(*        - each location keeps every write as a message, in modification  *)
(*          order (its timestamp is its position); a view maps each        *)
(*          location to a timestamp;                                       *)
(*        - each thread has two views: coh, the newest write of each       *)
(*          location its coherent loads (opaque and stronger) have seen    *)
(*          or that happens before it, and hb, the newest write of each    *)
(*          location that happens before it (its own writes, and what it   *)
(*          synchronized with by release/acquire or volatile); hb is never *)
(*          ahead of coh. A releasing write's message carries both views   *)
(*          of its writer (a message that does not release carries none);  *)
(*        - plain load: any message at or after the thread's hb view of    *)
(*          the location, and it moves no view: plain loads are not        *)
(*          coherent, not even after the thread's own opaque or acquire    *)
(*          load of the location (a compiler may hoist the plain load      *)
(*          above it; JLS 17.4.5 bounds a plain read only by happens-      *)
(*          before; jcstress BasicJMM_05_Coherence);                       *)
(*        - opaque load: at or after the coh view, and it moves the coh    *)
(*          view of that location (coherent per location, no order across  *)
(*          locations; it synchronizes with nothing, so hb stays);         *)
(*        - release store: the message carries the writer's views;         *)
(*          acquire load: coherent as opaque, and if the message released, *)
(*          the reader joins its coh view into its coh and its hb view     *)
(*          into its hb (only a releasing write synchronizes; after an     *)
(*          acquire of one that did not, a later plain load of the same    *)
(*          location may still read older: the weaker reading of the       *)
(*          VarHandle javadoc's "not reordered", which errs on the safe    *)
(*          side). A later plain load of the reader is bounded by          *)
(*          what happens before the release; a later opaque load also by   *)
(*          what the writer had read coherently: RC11's coherence, hb;eco  *)
(*          irreflexive, binds opaque reads, only happens-before           *)
(*          consistency binds plain ones: litmus WRC;                      *)
(*        - volatile: release and acquire, and in one total order, the     *)
(*          interleaving's (the synchronization order): a volatile load    *)
(*          reads no write older than the newest volatile write of the     *)
(*          location, and a volatile store goes after it; and a volatile   *)
(*          write synchronizes-with every later volatile read of its       *)
(*          location, not only the one that reads it (JLS 17.4.4): scv     *)
(*          keeps, per location, the join of the views of all its          *)
(*          volatile writes (stores and RMWs) so far, and every volatile   *)
(*          read (a load, an RMW's read, a failed CAS) joins it (litmus    *)
(*          MPCo, MPCoCas);                                                *)
(*        - a store may take any free place in the modification order      *)
(*          after the coh view of its thread (and, if volatile, after the  *)
(*          newest volatile write), so two writes that no thread orders    *)
(*          may land in either order (2+2W);                               *)
(*        - a read-modify-write reads the message just before its own and  *)
(*          nothing may ever come between them (atomicity); its read is    *)
(*          coherent (opaque, or acquire or volatile as its mode says). A  *)
(*          volatile RMW reads no write older than the newest volatile     *)
(*          write; a non-volatile one may read an older message whose      *)
(*          successor is not already an RMW's, as in C11: nothing orders   *)
(*          it with the volatile accesses of other locations. A weak CAS   *)
(*          may fail spuriously (LL/SC).                                   *)
(*                                                                         *)
(* What the "weak" strength leaves out, and why each omission is sound for *)
(* the designs (docs/memory-model.md has the argument in full). Besides    *)
(* these, the layer forbids no behaviour that the JLS allows: the litmus   *)
(* models of this folder pin the published outcome sets, these omissions   *)
(* as notModelled.                                                         *)
(*  - Load buffering (LB) and out-of-thin-air values: a load reads only    *)
(*    messages already written; no promises. The JMM allows LB for plain   *)
(*    accesses (JLS 17.4, Table 17.4-A); for opaque ones the sources       *)
(*    differ: C++ relaxed and ARMv8 allow it, JAM19 (Bender and Palsberg,  *)
(*    OOPSLA 2019) forbids it (litmus LB; jam19/). A release store between *)
(*    a load and a later store does not order them (the store may move     *)
(*    above it). tlc-runner's LB pass (make check-lb) finds each accepted  *)
(*    weak model's load that nothing orders before a later store, and      *)
(*    fails unless an lbExempt names the happens-before edges keeping      *)
(*    every store the load could read before or after it; where an         *)
(*    acceptance rests on LB missing, the docs say so                      *)
(*    (docs/memory-model.md).                                              *)
(*  - Program order between a thread's own accesses is kept: a later store *)
(*    never becomes readable before an earlier access of the same thread   *)
(*    is performed, so volatile accesses are also ordered with the plain   *)
(*    writes a racing reader saw (jcstress AdvancedJMM_15: "volatiles are  *)
(*    not fences", outcome 1, 0, 0 allowed by the JMM, not here). The      *)
(*    designs never read a plain write racily and then a volatile one to   *)
(*    conclude something.                                                  *)
(*  - Plain stores are treated as opaque stores (coherent, untorn, placed  *)
(*    after the writer's coh view): the JMM lets a plain long store tear   *)
(*    (JLS 17.7); no design stores a plain long that another thread reads. *)
(*  - Views are timestamps: a plain load never returns a write older in    *)
(*    modification order than the newest write that happens before it      *)
(*    (hb), where JLS 17.4.5 rules out only the writes that happen before  *)
(*    such a write. The two differ only if two writes of the location race *)
(*    (neither happens before the other) and the reader synchronized with  *)
(*    the later one only: litmus RaceOverwrite, "1, 1, 1" not modelled.    *)
(*    Likewise SeesLatest(t, x) takes "the newest write of x happens       *)
(*    before t" for "every write of x does". Neither matters to a design:  *)
(*    a ring slot and a shard slot are rewritten only after their          *)
(*    producer acquired the consumer's release, which follows the previous *)
(*    write's read; the shard's head is written by the one consumer that   *)
(*    holds the role, handed over by a release store and a volatile CAS;   *)
(*    the loads the docs accept as plain (Guard, LoadTail, ReleaseLoad,    *)
(*    IsAlive, LoadRole) read locations written only by                    *)
(*    volatile RMWs, each of which synchronized with the write before it,  *)
(*    and by release stores of a thread that had just done such an RMW;    *)
(*    and the session's segment, written by racing holders, is asked       *)
(*    SeesLatest by the closer at the free: in every model TLC accepts,    *)
(*    each holder's writes happen before its volatile release CAS of its   *)
(*    counter, and that CAS before the closer's mark of the counter (JLS   *)
(*    17.4.4; in the layer each volatile RMW of a counter joins the views  *)
(*    of all earlier ones), so every write of the segment happens before   *)
(*    the free, which NoUseAfterClose then keeps its last write: what the  *)
(*    timestamps keep from a holder's plain read is never FREED, the one   *)
(*    value NoReadAfterFree looks for.                                     *)
(*  - Release sequences: an RMW passes on only its own thread's view, not  *)
(*    the view of the message it read (C11 does). This makes the layer     *)
(*    stricter about RMW chains, never laxer.                              *)
(*  - Fences: no design uses one.                                          *)
(*  - Liveness: a stale read may repeat forever; the layer is for safety   *)
(*    properties only (the designs' liveness is checked under sequential   *)
(*    consistency, with the loads of every spin loop at least opaque).     *)
(*                                                                         *)
(* The layer is validated on the classic litmus tests in this folder (SB,  *)
(* MP, LB, 2+2W, IRIW, CoRR, WRC) and on the corners above (MPCo,          *)
(* MPCoCas, CoRRMixed, RaceOverwrite), whose outcome sets the manifest     *)
(* pins against the published ones, and on two public catalogues: JAM19's *)
(* tests as JetBrains/lincheck grades them (jam19/) and jcstress's JMM     *)
(* samples (jcstress/).                                                    *)
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
    cur,    \* weak: [Threads -> [coh |-> view, hb |-> view]], each thread's two views
    scv     \* weak: [Locs -> [coh |-> view, hb |-> view]], the join of the views of
            \*       every volatile write of the location so far

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

\* A pair of views: coh, what coherent (opaque and stronger) loads are bounded by;
\* hb, the newest write of each location that happens before, which bounds plain
\* loads. hb is never ahead of coh.
NoViews == [coh |-> Bottom, hb |-> Bottom]
JoinV(a, b) == [coh |-> Join(a.coh, b.coh), hb |-> Join(a.hb, b.hb)]

MemInit ==
    /\ mem = Init
    /\ buf = [t \in Threads |-> <<>>]
    /\ msgs = [x \in Locs |-> << [val |-> Init[x], view |-> NoViews, rmw |-> FALSE] >>]
    /\ cur = [t \in Threads |-> NoViews]
    /\ scv = [x \in Locs |-> NoViews]

MemTypeOK ==
    /\ Strength = "tso" => /\ DOMAIN mem = Locs
                           /\ \A t \in Threads : \A i \in DOMAIN buf[t] : buf[t][i][1] \in Locs
    /\ Strength = "weak" => /\ \A x \in Locs : Len(msgs[x]) >= 1
                            /\ \A t \in Threads : \A x \in Locs :
                                  1 <= cur[t].hb[x] /\ cur[t].hb[x] <= cur[t].coh[x]
                                  /\ cur[t].coh[x] <= Len(msgs[x])
                            /\ \A x, y \in Locs :
                                  1 <= scv[x].hb[y] /\ scv[x].hb[y] <= scv[x].coh[y]
                                  /\ scv[x].coh[y] <= Len(msgs[y])
                            /\ \A x \in Locs : scv[x].hb[x] = scv[x].coh[x]

-----------------------------------------------------------------------------
(* tso: what thread t reads at x: its newest buffered store of x, else memory. *)
TsoVal(t, x) ==
    LET hits == {i \in DOMAIN buf[t] : buf[t][i][1] = x}
    IN  IF hits = {} THEN mem[x]
        ELSE buf[t][CHOOSE i \in hits : \A j \in hits : j <= i][2]

\* tso: a locked instruction or mfence waits for the thread's buffer to drain.
Drained(t) == Strength = "weak" \/ buf[t] = <<>>

(* weak: the newest volatile write of x. *)
NewestVolatile(x) == scv[x].hb[x]

(* weak: the oldest write of x that a coherent access of t with mode m (an  *)
(* opaque, acquire or volatile load, an RMW's read, a failed CAS) may read, *)
(* and the place after which a store of t goes in the modification order.   *)
Coh(t, x, m) == IF Order(m) = "volatile" THEN Max2(cur[t].coh[x], NewestVolatile(x))
                ELSE cur[t].coh[x]

(* weak: the oldest write of x that a load of t with mode m may read: a     *)
(* plain load only what happens before it bounds.                           *)
Oldest(t, x, m) == IF m = "plain" THEN cur[t].hb[x] ELSE Coh(t, x, m)

(* weak: the views V of a thread after it read the message at timestamp i  *)
(* of x with mode m: opaque moves coherence only; acquire joins the views   *)
(* the message carries (none unless it released); volatile also joins those *)
(* of every volatile write of x so far (each synchronizes-with it).         *)
AfterRead(V, x, m, i) ==
    LET Acq(W) == [coh |-> [Join(W.coh, msgs[x][i].view.coh) EXCEPT ![x] = Max2(@, i)],
                   hb  |-> Join(W.hb, msgs[x][i].view.hb)]
    IN  CASE m = "plain"    -> V
          [] m = "opaque"   -> [V EXCEPT !.coh[x] = Max2(@, i)]
          [] m = "volatile" -> Acq(JoinV(V, scv[x]))
          [] OTHER          -> Acq(V)

(* weak: inserting a message at position k of x moves every later timestamp *)
(* of x up by one, in every view.                                          *)
Bump(i, k) == IF i >= k THEN i + 1 ELSE i
ShiftV(V, x, k) == [V EXCEPT ![x] = Bump(@, k)]
Shift(W, x, k) == [coh |-> ShiftV(W.coh, x, k), hb |-> ShiftV(W.hb, x, k)]
InsertAt(s, k, e) == SubSeq(s, 1, k - 1) \o <<e>> \o SubSeq(s, k, Len(s))

(* weak: t writes v to x at position k of its modification order; V is t's *)
(* views just before (after the read of an RMW). A releasing write's       *)
(* message carries both: hb for the reader's plain loads, coh for its       *)
(* coherent ones.                                                          *)
WeakWrite(t, x, m, v, k, rmw, V) ==
    LET S  == Shift(V, x, k)
        Vt == [coh |-> [S.coh EXCEPT ![x] = k], hb |-> [S.hb EXCEPT ![x] = k]]
        nm == [val |-> v, rmw |-> rmw, view |-> IF Releases(m) THEN Vt ELSE NoViews]
        shifted == [y \in Locs |-> [i \in DOMAIN msgs[y] |->
                        [msgs[y][i] EXCEPT !.view = Shift(@, x, k)]]]
    IN  /\ msgs' = [shifted EXCEPT ![x] = InsertAt(@, k, nm)]
        /\ cur' = [u \in Threads |-> IF u = t THEN Vt ELSE Shift(cur[u], x, k)]
        /\ scv' = [y \in Locs |-> IF y = x /\ Order(m) = "volatile"
                                  THEN JoinV(Shift(scv[y], x, k), Vt)
                                  ELSE Shift(scv[y], x, k)]
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
    ELSE \E k \in {j \in Coh(t, x, m) + 1 .. Len(msgs[x]) + 1 :
                     j = Len(msgs[x]) + 1 \/ ~msgs[x][j].rmw} :
             WeakWrite(t, x, m, v, k, FALSE, cur[t])

(* What a successful RMW of x by t with mode m may read. *)
RmwReads(t, x, m) ==
    IF Strength = "tso" THEN {[val |-> mem[x], ts |-> 0]}
    ELSE {[val |-> msgs[x][i].val, ts |-> i] :
            i \in {j \in Coh(t, x, m) .. Len(msgs[x]) :
                     j = Len(msgs[x]) \/ ~msgs[x][j + 1].rmw}}

(* The load mode of an RMW's read. *)
ReadMode(m) == CASE Order(m) = "volatile" -> "volatile"
                 [] Order(m) = "acquire"  -> "acquire"
                 [] OTHER                 -> "opaque"

(* An RMW that read r writes v right after it. *)
Rmw(t, x, m, r, v) ==
    /\ Drained(t)
    /\ IF Strength = "tso"
       THEN /\ mem' = [mem EXCEPT ![x] = v]
            /\ UNCHANGED <<buf, msgs, cur, scv>>
       ELSE WeakWrite(t, x, m, v, r.ts + 1, TRUE, AfterRead(cur[t], x, ReadMode(m), r.ts))

(* A failed CAS is a load (at least opaque: it is atomic, so coherent).   *)
FailMode(m) == ReadMode(m)

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
    ELSE cur[t].hb[x] = Len(msgs[x])

(* The harness's happens-before edge: everything done so far happens     *)
(* before whatever any thread does next, as jcstress orders the state's   *)
(* construction before its actors, and its actors before the arbiter      *)
(* (tso: the buffers have drained; weak: every view takes in every other). *)
SyncAll ==
    /\ Quiescent
    /\ cur' = LET Top(f) == [x \in Locs |-> CHOOSE n \in {f[u][x] : u \in Threads} :
                                                \A u \in Threads : f[u][x] <= n]
              IN  [t \in Threads |-> [coh |-> Top([u \in Threads |-> cur[u].coh]),
                                      hb  |-> Top([u \in Threads |-> cur[u].hb])]]
    /\ UNCHANGED <<mem, buf, msgs, scv>>

=============================================================================
