------------------------------- MODULE Memory -------------------------------
(***************************************************************************)
(* tlc-runner's load-buffering pass (docs/runner.md, "Load buffering"):    *)
(* not a layer of its own, but the model's memory layer (MemoryCore: the   *)
(* Memory.tla the model's run parsed, under another name), unchanged, with *)
(* one record per thread of the loads that nothing yet orders before the   *)
(* thread's later stores.                                                  *)
(*                                                                         *)
(* The layer has no load buffering (LB): a load reads only writes already  *)
(* made. The JMM (and ARM, POWER) let a thread's later store be seen       *)
(* before its earlier load is satisfied, unless something orders the two:  *)
(* the load is acquire or volatile; the store releases (release, volatile, *)
(* a releasing RMW); or between them the thread does a volatile RMW, or a  *)
(* volatile write and then a volatile read (the volatile total order). A   *)
(* release store in between is not enough: a later plain store may move    *)
(* above it. Where a thread of an accepted model loads a location and      *)
(* later stores to another one with nothing ordering them, the shape the   *)
(* layer cannot show is there: the pass stops at the first state where a   *)
(* thread has done so (invariant TlcRunnerLbShapeAbsent of the generated   *)
(* root module), and the runner names the thread and the two steps; then   *)
(* it runs again with that shape in LbKnown, until no new one is found.    *)
(* Once a shape is found, one run without the invariant tells which thread *)
(* reads and writes which location; from then on (LbFiltered) only shapes  *)
(* another thread could close into a cycle stop TLC.                       *)
(*                                                                         *)
(* The weak strength only. Its one memory (mem) is x86-TSO's, never        *)
(* written under "weak": the pass keeps its records there, and the core    *)
(* sees the initial memory. Each operator of the layer is the core's; the  *)
(* accesses also update the records, and name each thread's first read and *)
(* first write of each location (PrintT, once each), for the runner to     *)
(* tell which shapes another thread could close into a cycle.              *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS Strength, Threads, Locs, Init

VARIABLES mem, buf, msgs, cur, scv

ASSUME Strength = "weak"

\* The core's memory is the initial one, as a function written out: TLC takes
\* UNCHANGED of an expression, not of a bare operator name (which Init may be).
LbCore == INSTANCE MemoryCore WITH mem <- [x \in Locs |-> Init[x]]

memVars == <<mem, buf, msgs, cur, scv>>

LoadModes == LbCore!LoadModes
StoreModes == LbCore!StoreModes
RmwModes == LbCore!RmwModes
Max2(a, b) == LbCore!Max2(a, b)
IsWeak(m) == LbCore!IsWeak(m)
Order(m) == LbCore!Order(m)
Acquires(m) == LbCore!Acquires(m)
Releases(m) == LbCore!Releases(m)
Bottom == LbCore!Bottom
Join(a, b) == LbCore!Join(a, b)
NoViews == LbCore!NoViews
JoinV(a, b) == LbCore!JoinV(a, b)
MemTypeOK == LbCore!MemTypeOK
TsoVal(t, x) == LbCore!TsoVal(t, x)
Drained(t) == LbCore!Drained(t)
NewestVolatile(x) == LbCore!NewestVolatile(x)
Coh(t, x, m) == LbCore!Coh(t, x, m)
Oldest(t, x, m) == LbCore!Oldest(t, x, m)
AfterRead(V, x, m, i) == LbCore!AfterRead(V, x, m, i)
Bump(i, k) == LbCore!Bump(i, k)
ShiftV(V, x, k) == LbCore!ShiftV(V, x, k)
Shift(W, x, k) == LbCore!Shift(W, x, k)
InsertAt(s, k, e) == LbCore!InsertAt(s, k, e)
Reads(t, x, m) == LbCore!Reads(t, x, m)
RmwReads(t, x, m) == LbCore!RmwReads(t, x, m)
ReadMode(m) == LbCore!ReadMode(m)
FailMode(m) == LbCore!FailMode(m)
FailReads(t, x, m, e) == LbCore!FailReads(t, x, m, e)
Quiescent == LbCore!Quiescent
Final(x) == LbCore!Final(x)
History(x) == LbCore!History(x)
SeesLatest(t, x) == LbCore!SeesLatest(t, x)

-----------------------------------------------------------------------------
(* The records. pending: the thread's loads (location, mode) that nothing  *)
(* orders yet before its later stores; fenced: those ordered before a      *)
(* volatile write of the thread, which its next volatile read orders       *)
(* before what follows; shape: the first load and store with nothing       *)
(* ordering them, or <<>>.                                                 *)

LbNoRecord == [pending |-> {}, fenced |-> {}, shape |-> <<>>]

LbEntry(x, m) == [loc |-> x, mode |-> m]

(* The shapes earlier runs of the pass found, each as <<thread, load       *)
(* location, load mode, store location, store mode>> printed: the runner   *)
(* writes them here (the empty set on its first run).                      *)
LbKnown == {}

LbKey(t, e, x, m) == <<ToString(t), ToString(e.loc), e.mode, ToString(x), m>>

(* Once a complete exploration has told which thread reads and writes      *)
(* which location (LbSeen, written here by the runner, LbFiltered TRUE),   *)
(* only a shape another thread could close into a cycle counts: another    *)
(* thread writes the location loaded, and another reads the one stored.    *)
LbFiltered == FALSE
LbSeen == {}

LbClosable(t, l, x) ==
    \/ ~LbFiltered
    \/ /\ \E a \in LbSeen : a[1] # ToString(t) /\ a[2] = ToString(l) /\ a[3] = "w"
       /\ \E a \in LbSeen : a[1] # ToString(t) /\ a[2] = ToString(x) /\ a[3] = "r"

(* The shape t's write of x with mode m makes, if it releases nothing and  *)
(* a load of another location is still unordered; else <<>>.               *)
LbShapeOf(t, x, m, op) ==
    LET open == {e \in mem[t].pending \cup mem[t].fenced :
                    e.loc # x /\ LbKey(t, e, x, m) \notin LbKnown /\ LbClosable(t, e.loc, x)}
    IN  IF Releases(m) \/ open = {} THEN <<>>
        ELSE [thread |-> t, load |-> CHOOSE e \in open : TRUE, store |-> [loc |-> x, mode |-> m, op |-> op]]

(* TLC's register LbAccesses holds every <<thread, location, "r" or "w">>  *)
(* an access of the exploration made (as ToString prints them); the first  *)
(* of each is printed.                                                     *)
LbAccesses == 42417

LbAccess(t, x, k) ==
    LET a == <<ToString(t), ToString(x), k>>
    IN  IF a \in TLCGet(LbAccesses) THEN TRUE
        ELSE PrintT(<<"tlc-runner-lb-access">> \o a) /\ TLCSet(LbAccesses, TLCGet(LbAccesses) \cup {a})

LbNoted(R, s) == IF R.shape # <<>> THEN R.shape ELSE s

(* After a read of x with mode m (a load, a failed CAS, an RMW's read).    *)
LbRead(R, x, m) ==
    CASE Order(m) = "volatile" -> [R EXCEPT !.fenced = {}]
      [] Acquires(m)           -> R
      [] OTHER                 -> [R EXCEPT !.pending = @ \cup {LbEntry(x, m)}]

(* After a write with mode m (a store, or a non-volatile RMW's write).     *)
LbWritten(R, m) ==
    IF Order(m) = "volatile" THEN [R EXCEPT !.fenced = @ \cup R.pending, !.pending = {}] ELSE R

-----------------------------------------------------------------------------
MemInit ==
    /\ LbCore!MemInit
    /\ mem = [t \in Threads |-> LbNoRecord]
    /\ TLCSet(LbAccesses, {})

Load(t, x, m, r) ==
    /\ LbCore!Load(t, x, m, r)
    /\ LbAccess(t, x, "r")
    /\ mem' = [mem EXCEPT ![t] = LbRead(mem[t], x, m)]

Store(t, x, m, v) ==
    /\ LbCore!Store(t, x, m, v)
    /\ LbAccess(t, x, "w")
    /\ mem' = [mem EXCEPT ![t] = [LbWritten(mem[t], m) EXCEPT !.shape = LbNoted(mem[t], LbShapeOf(t, x, m, "store"))]]

WeakWrite(t, x, m, v, k, rmw, V) ==
    /\ LbCore!WeakWrite(t, x, m, v, k, rmw, V)
    /\ LbAccess(t, x, "w")
    /\ mem' = [mem EXCEPT ![t] = [LbWritten(mem[t], m) EXCEPT !.shape = LbNoted(mem[t], LbShapeOf(t, x, m, "store"))]]

(* A volatile RMW orders every earlier access before its write and every   *)
(* later one after its read: nothing stays open across it.                 *)
Rmw(t, x, m, r, v) ==
    /\ LbCore!Rmw(t, x, m, r, v)
    /\ LbAccess(t, x, "r") /\ LbAccess(t, x, "w")
    /\ mem' = [mem EXCEPT ![t] =
                 IF Order(m) = "volatile" THEN LbNoRecord
                 ELSE [LbRead(mem[t], x, m) EXCEPT !.shape = LbNoted(mem[t], LbShapeOf(t, x, m, "rmw"))]]

CasFail(t, x, m, r) ==
    /\ LbCore!CasFail(t, x, m, r)
    /\ LbAccess(t, x, "r")
    /\ mem' = [mem EXCEPT ![t] = LbRead(mem[t], x, FailMode(m))]

CasOk(t, x, m, e, v) == \E r \in RmwReads(t, x, m) : r.val = e /\ Rmw(t, x, m, r, v)
CasFails(t, x, m, e) == \E r \in FailReads(t, x, m, e) : CasFail(t, x, m, r)

Flush(t) == LbCore!Flush(t) /\ UNCHANGED mem

(* The harness's happens-before edge orders everything before it.          *)
SyncAll == LbCore!SyncAll /\ mem' = [t \in Threads |-> LbNoRecord]
=============================================================================
