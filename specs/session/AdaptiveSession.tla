--------------------------- MODULE AdaptiveSession ---------------------------
(***************************************************************************)
(* The closeable session with contention-adaptive striping, in LongAdder's *)
(* style (issue 16): one base counter until an acquire's CAS on it fails,  *)
(* then N stripe counters, created once, on which every later acquire      *)
(* counts. A session nobody contends costs one counter to create, to hold  *)
(* and to close; one that is contended spreads as ShardedSession does.     *)
(*                                                                         *)
(* Counter 0 is the base, counters 1..N the stripes; `cells` is the Java's *)
(* reference to the stripes: "none" (null), "inflated" (the array) or      *)
(* "sealed" (a sentinel array a close stores so that no stripes appear     *)
(* once it has decided there are none).                                    *)
(*   acquire: cs = cells;                                     LoadCells     *)
(*            if there are stripes, i = a stripe, else i = the base;       *)
(*            loop: v = c[i]; CLOSED -> fail; CLOSING -> spin;  AcquireLoad *)
(*            CAS(c[i], v, v + 1): success returns ticket i;   AcquireCas   *)
(*            failure on a stripe loads again; failure on the base:        *)
(*            w = compareAndExchange(cells, none, inflated)    Inflate      *)
(*            (a fresh array); none or inflated: go on with a stripe;      *)
(*            sealed: go on with the base (CLOSING, then CLOSED: it fails) *)
(*   release(ticket): c[ticket] -= 1                           Release      *)
(*   close:   phase 1: CAS(c[0], 0, CLOSING);                  CloseMark    *)
(*            w = compareAndExchange(cells, none, sealed)      CloseSeal    *)
(*            none: phase 1 is over (no stripe can ever appear);           *)
(*            inflated: CAS(c[i], 0, CLOSING) for i = 1..N      CloseMark    *)
(*            a busy counter anywhere: reset the counters THIS  CloseRollback*)
(*            call marked, and fail;                                       *)
(*            phase 2: c[i] = CLOSED for the base, then the    CloseCommit  *)
(*            stripes if there are any.                                    *)
(*                                                                         *)
(* Why the seal: a close that only LOADED cells, saw none and committed    *)
(* the base would race with an acquire whose base CAS failed against the   *)
(* close's own mark: that acquire inflates after the load and acquires a   *)
(* fresh stripe nobody marks (sibling AdaptNoSeal). Seal and inflate are   *)
(* CASes on one reference, so one of them wins: either the close sees the  *)
(* stripes and marks them, or the acquire sees the seal and goes back to   *)
(* the base, where it waits and fails. The seal is never undone: it is the *)
(* last step of a phase 1 that can no longer fail.                         *)
(*                                                                         *)
(* Modeled as ShardedSession.tla is: one action per atomic memory          *)
(* operation (the cells load, each counter load and CAS, the inflate and   *)
(* seal CASes, each mark, rollback store and commit store); each thread    *)
(* acquires and releases Acquires times and each acquire on the stripes    *)
(* may use ANY stripe (the Java's is the thread id masked; threads share   *)
(* stripes and a thread may move); who releases a ticket does not matter   *)
(* (a hand-off); one or two closers, each closing once. Abstracted away:   *)
(* the holders' memory accesses, the allocation of the stripes (a fresh    *)
(* array of counters at 0: in the Java, an array its inflater fills before *)
(* its CAS publishes it) and memory ordering (sequential consistency;      *)
(* memory/AdaptiveSessionMemory.tla checks what weak memory needs, the     *)
(* publication of the array included). A spin on CLOSING is an action      *)
(* enabled once the counter is no longer CLOSING, as in ShardedSession.    *)
(*                                                                         *)
(* Close's contract is ShardedSession's: it succeeds on an open session    *)
(* nobody holds unless another close is in progress (IdleCloseSucceeds),   *)
(* and of closes of a session nobody held exactly one succeeds             *)
(* (IdleClosesOneSucceeds: every close marks the base first). The close    *)
(* linearizes at the end of phase 1: the seal, or the last stripe's mark.  *)
(*                                                                         *)
(* Retrying closes (CloseRetries, FALSE unless a config sets it TRUE), as  *)
(* in ShardedSession: a closer whose close ended "busy" calls close again  *)
(* (CloseRetry), and RetriedCloseCloses says it eventually sees the        *)
(* session closed, the acquires being finite (model AdaptiveSessionRetry). *)
(*                                                                         *)
(* `owner`, `held`, `waitedOn` and `inflateSaw` are history variables for  *)
(* the properties and the witnesses.                                       *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    T,          \* acquiring threads 1..T
    N,          \* stripes 1..N (a power of two)
    Closers,    \* the threads calling close
    Acquires    \* acquire/release rounds per thread

ASSUME T \in Nat \ {0} /\ N \in {1, 2, 4, 8} /\ Closers # {} /\ Acquires \in Nat \ {0}

\* Whether a closer whose close ended "busy" calls close again (CloseRetry): a
\* definition, FALSE unless a config sets `CloseRetries = TRUE` (AdaptiveSessionRetry.cfg);
\* FALSE leaves the state graph as it was: CloseRetry is never enabled.
CloseRetries == FALSE

Threads  == 1 .. T
Base     == 0
Stripes  == 1 .. N
Counters == {Base} \cup Stripes
CLOSING  == -100              \* far from any count, so a negative count is visible as such
CLOSED   == -200
NoCloser == "none"

VARIABLES
    c,          \* Java: the base (c[0]) and the stripes' counters (c[1..N]; 0 until they exist)
    cells,      \* Java: the stripes reference: "none" (null), "inflated", "sealed"
    pc,         \* per acquiring thread: its next step
    v,          \* per thread: the value its load saw (a local)
    ticket,     \* per thread: the counter its acquire uses, the ticket it returns (a local)
    round,      \* per thread: how many acquires it has started (1 .. Acquires)
    cpc,        \* per closer: its next step, or how its close ended
    ci,         \* per closer: the counter its phase 1 or 2 is at (a local)
    marked,     \* per closer: the counters this call marked CLOSING (a local)
    owner,      \* history: which closer's mark a CLOSING counter carries
    held,       \* history: per thread, the counters it has acquired through
    waitedOn,   \* history: per thread, {k} once its current acquire loaded closer k's CLOSING mark, else {}
    inflateSaw  \* history: per thread, what its Inflate steps found in cells

vars == <<c, cells, pc, v, ticket, round, cpc, ci, marked, owner, held, waitedOn, inflateSaw>>

CellStates == {"none", "inflated", "sealed"}

TypeOK ==
    /\ c \in [Counters -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ cells \in CellStates
    /\ pc \in [Threads -> {"start", "load", "cas", "inflate", "holding", "done", "failed"}]
    /\ v \in [Threads -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ ticket \in [Threads -> Counters]
    /\ round \in [Threads -> 1 .. Acquires]
    /\ cpc \in [Closers -> {"mark", "seal", "rollbackBusy", "rollbackClosed", "commit", "ok", "busy", "closed"}]
    /\ ci \in [Closers -> Counters]
    /\ marked \in [Closers -> SUBSET Counters]
    /\ owner \in [Counters -> Closers \cup {NoCloser}]
    /\ held \in [Threads -> SUBSET Counters]
    /\ waitedOn \in [Threads -> SUBSET Closers]
    /\ inflateSaw \in [Threads -> SUBSET CellStates]

\* The initial state, with every thread at step `first` ("start"; a litmus model starts an
\* acquire where a failed base CAS leaves it).
InitWith(first) ==
    /\ c = [i \in Counters |-> 0]
    /\ cells = "none"
    /\ pc = [t \in Threads |-> first]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = [t \in Threads |-> Base]
    /\ round = [t \in Threads |-> 1]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ ci = [k \in Closers |-> Base]
    /\ marked = [k \in Closers |-> {}]
    /\ owner = [i \in Counters |-> NoCloser]
    /\ held = [t \in Threads |-> {}]
    /\ waitedOn = [t \in Threads |-> {}]
    /\ inflateSaw = [t \in Threads |-> {}]

Init == InitWith("start")

closerVars == <<cpc, ci, marked, owner>>
threadVars == <<pc, v, ticket, round, held, waitedOn, inflateSaw>>

\* A thread goes on with counter i and loads it next.
LoadNext(t, i) == ticket' = [ticket EXCEPT ![t] = i] /\ pc' = [pc EXCEPT ![t] = "load"]

(* acquire: cs = cells; the stripes if they exist (any stripe), else the base *)
LoadCells(t) ==
    /\ pc[t] = "start"
    /\ IF cells = "inflated" THEN \E i \in Stripes : LoadNext(t, i) ELSE LoadNext(t, Base)
    /\ UNCHANGED <<c, cells, v, round, held, waitedOn, inflateSaw>> /\ UNCHANGED closerVars

(* acquire: v = c[i]; CLOSED -> fail; CLOSING -> spin: the load of a       *)
(* CLOSING counter is a step once (it records whose mark the acquire waits *)
(* on), then the wait is an action enabled once the counter changes.       *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ c[ticket[t]] = CLOSING => owner[ticket[t]] \notin waitedOn[t]
    /\ CASE c[ticket[t]] = CLOSED ->
              pc' = [pc EXCEPT ![t] = "failed"] /\ UNCHANGED <<v, waitedOn>>
         [] c[ticket[t]] = CLOSING ->
              waitedOn' = [waitedOn EXCEPT ![t] = {owner[ticket[t]]}] /\ UNCHANGED <<pc, v>>
         [] OTHER ->
              pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = c[ticket[t]]] /\ UNCHANGED waitedOn
    /\ UNCHANGED <<c, cells, ticket, round, held, inflateSaw>> /\ UNCHANGED closerVars

(* acquire: CAS(v, v + 1); success returns the ticket; failure on a stripe *)
(* loads again, failure on the base inflates                               *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ IF c[ticket[t]] = v[t]
          THEN /\ c' = [c EXCEPT ![ticket[t]] = v[t] + 1]
               /\ pc' = [pc EXCEPT ![t] = "holding"]
               /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
          ELSE /\ pc' = [pc EXCEPT ![t] = IF ticket[t] = Base THEN "inflate" ELSE "load"]
               /\ UNCHANGED <<c, held>>
    /\ UNCHANGED <<cells, v, ticket, round, waitedOn, inflateSaw>> /\ UNCHANGED closerVars

(* acquire, after a failed base CAS: w = compareAndExchange(cells, none,   *)
(* a fresh array): the stripes (its own or another's), or the seal         *)
Inflate(t) ==
    /\ pc[t] = "inflate"
    /\ inflateSaw' = [inflateSaw EXCEPT ![t] = @ \cup {cells}]
    /\ CASE cells = "none"     -> cells' = "inflated" /\ \E i \in Stripes : LoadNext(t, i)
         [] cells = "inflated" -> UNCHANGED cells /\ \E i \in Stripes : LoadNext(t, i)
         [] cells = "sealed"   -> UNCHANGED cells /\ LoadNext(t, Base)
    /\ UNCHANGED <<c, v, round, held, waitedOn>> /\ UNCHANGED closerVars

\* After a release: the thread's next acquire starts at LoadCells, or it is done.
NextAcquire(t) ==
    IF round[t] < Acquires
       THEN /\ pc' = [pc EXCEPT ![t] = "start"]
            /\ round' = [round EXCEPT ![t] = @ + 1]
            /\ waitedOn' = [waitedOn EXCEPT ![t] = {}]
       ELSE /\ pc' = [pc EXCEPT ![t] = "done"]
            /\ UNCHANGED <<round, waitedOn>>

(* release(ticket): c[ticket] -= 1, by this thread or by the one it handed *)
(* the ticket to                                                           *)
Release(t) ==
    /\ pc[t] = "holding"
    /\ c' = [c EXCEPT ![ticket[t]] = @ - 1]
    /\ NextAcquire(t)
    /\ UNCHANGED <<cells, v, ticket, held, inflateSaw>> /\ UNCHANGED closerVars

\* The last counter a close commits: the base alone, or the stripes too.
LastCounter == IF cells = "inflated" THEN N ELSE Base

(* close, phase 1: CAS(c[i], 0, CLOSING), the base first, then (after the  *)
(* seal found stripes) each stripe; a busy counter starts the rollback     *)
CloseMark(k) ==
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       IF c[i] = 0
          THEN /\ c' = [c EXCEPT ![i] = CLOSING]
               /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
               /\ owner' = [owner EXCEPT ![i] = k]
               /\ CASE i = Base -> cpc' = [cpc EXCEPT ![k] = "seal"] /\ UNCHANGED ci
                    [] i = N    -> cpc' = [cpc EXCEPT ![k] = "commit"] /\ ci' = [ci EXCEPT ![k] = Base]
                    [] OTHER    -> ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
          ELSE /\ cpc' = [cpc EXCEPT ![k] = IF c[i] = CLOSED THEN "rollbackClosed" ELSE "rollbackBusy"]
               /\ UNCHANGED <<c, ci, marked, owner>>
    /\ UNCHANGED cells /\ UNCHANGED threadVars

(* close, phase 1, after the base: w = compareAndExchange(cells, none,     *)
(* sealed). None: sealed, phase 1 is over. Stripes: mark them. Sealed      *)
(* cannot be found (SealFindsNoSeal: only a close that holds the base's    *)
(* mark seals, and it never rolls back); the Java reads it as closed.      *)
CloseSeal(k) ==
    /\ cpc[k] = "seal"
    /\ CASE cells = "none"     -> cells' = "sealed" /\ cpc' = [cpc EXCEPT ![k] = "commit"] /\ UNCHANGED ci
         [] cells = "inflated" -> UNCHANGED cells /\ cpc' = [cpc EXCEPT ![k] = "mark"] /\ ci' = [ci EXCEPT ![k] = 1]
         [] cells = "sealed"   -> UNCHANGED cells /\ cpc' = [cpc EXCEPT ![k] = "rollbackClosed"] /\ UNCHANGED ci
    /\ UNCHANGED <<c, marked, owner>> /\ UNCHANGED threadVars

(* close, failed phase 1: reset one counter THIS call marked; then fail *)
CloseRollback(k) ==
    /\ cpc[k] \in {"rollbackBusy", "rollbackClosed"}
    /\ IF marked[k] = {}
          THEN /\ cpc' = [cpc EXCEPT ![k] = IF @ = "rollbackClosed" THEN "closed" ELSE "busy"]
               /\ UNCHANGED <<c, marked, owner>>
          ELSE LET j == CHOOSE x \in marked[k] : TRUE IN
               /\ c' = [c EXCEPT ![j] = 0]
               /\ marked' = [marked EXCEPT ![k] = @ \ {j}]
               /\ owner' = [owner EXCEPT ![j] = NoCloser]
               /\ UNCHANGED cpc
    /\ UNCHANGED <<cells, ci>> /\ UNCHANGED threadVars

(* close, phase 2: c[i] = CLOSED, the base first, then each stripe *)
CloseCommit(k) ==
    /\ cpc[k] = "commit"
    /\ c' = [c EXCEPT ![ci[k]] = CLOSED]
    /\ owner' = [owner EXCEPT ![ci[k]] = NoCloser]
    /\ IF ci[k] = LastCounter
          THEN cpc' = [cpc EXCEPT ![k] = "ok"] /\ UNCHANGED ci
          ELSE ci' = [ci EXCEPT ![k] = @ + 1] /\ UNCHANGED cpc
    /\ UNCHANGED <<cells, marked>> /\ UNCHANGED threadVars

(* close again, after a close that ended "busy" (CloseRetries): the        *)
(* caller's decision, no memory touched; the new call starts at the base   *)
CloseRetry(k) ==
    /\ CloseRetries
    /\ cpc[k] = "busy"
    /\ cpc' = [cpc EXCEPT ![k] = "mark"]
    /\ ci' = [ci EXCEPT ![k] = Base]
    /\ UNCHANGED <<c, cells, marked, owner>> /\ UNCHANGED threadVars

Terminating ==
    /\ \A t \in Threads : pc[t] \in {"done", "failed"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}
    /\ UNCHANGED vars

Thread(t) == LoadCells(t) \/ AcquireLoad(t) \/ AcquireCas(t) \/ Inflate(t) \/ Release(t)
Closer(k) == CloseMark(k) \/ CloseSeal(k) \/ CloseRollback(k) \/ CloseCommit(k) \/ CloseRetry(k)

Next == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating

\* Weak fairness, as in ShardedSession (whose comment says why it is enough for
\* RetriedCloseCloses: a closer always has an enabled step until it has returned for
\* good, and with finite acquires its attempts fail finitely often).
Spec ==
    /\ Init
    /\ [][Next]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))

-----------------------------------------------------------------------------
(* Properties, named for what they promise: ShardedSession's, written once *)
(* in SessionProperties.tla (with this spec's steps for its parameters),   *)
(* and two of the stripes' own.                                            *)

\* A thread in its acquire call; a closer in its close call, up to its return.
AcquiringPcs == {"start", "load", "cas", "inflate"}
ClosingPcs   == {"mark", "seal", "rollbackBusy", "rollbackClosed", "commit"}
\* A closer in its call for IdleCloseSucceeds: past its first mark, or beyond phase 1.
InCall(k) == cpc[k] \in {"seal", "rollbackBusy", "rollbackClosed", "commit"} \/ (cpc[k] = "mark" /\ marked[k] # {})

INSTANCE SessionProperties WITH closersInCall <- {k \in Closers : InCall(k)}

\* A thread touches a stripe only once the stripes exist: in the Java, the array
\* it indexes is the one an inflate published, never null and never the seal.
StripesOnlyOnceInflated ==
    \A t \in Threads : pc[t] \in {"load", "cas", "holding"} /\ ticket[t] \in Stripes => cells = "inflated"

\* A close's seal never finds the seal: only a close holding the base's mark seals,
\* and a seal ends a phase 1 that cannot fail.
SealFindsNoSeal == \A k \in Closers : cpc[k] = "seal" => cells # "sealed"
=============================================================================
