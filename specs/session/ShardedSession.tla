--------------------------- MODULE ShardedSession ---------------------------
(***************************************************************************)
(* The closeable sharded acquire/release session: the split-counter        *)
(* proposal of openjdk/jdk PR 28575 for the JDK's shared memory sessions.  *)
(*                                                                         *)
(* N counters, one per cache line. A counter value >= 0 is the number of   *)
(* holders that acquired through it; CLOSING and CLOSED are sentinels.     *)
(*   acquire: i = a counter (the thread's home); loop: v = c[i]; CLOSED ->  *)
(*            fail; CLOSING -> spin; else CAS(v, v + 1); return ticket i.  *)
(*   release(ticket): c[ticket] -= 1, by whichever thread holds the ticket *)
(*   close:   phase 1: for each counter in order, CAS(0, CLOSING); on a    *)
(*            busy counter (holders, another closer's mark, CLOSED) reset  *)
(*            the counters THIS call marked to 0 and fail; phase 2: store  *)
(*            CLOSED into every counter.                                   *)
(*                                                                         *)
(* Modeled: one action per atomic memory operation (counter load, acquire  *)
(* CAS, release decrement, each phase-1 CAS, each rollback store, each     *)
(* phase-2 store); each thread acquires and releases Acquires times, and   *)
(* each acquire may use ANY counter (the Java's home counter is the thread *)
(* id masked, a hash in the JDK, and a thread may migrate between cores),  *)
(* so threads share counters and one thread uses several over time. Who    *)
(* releases a ticket does not matter (a hand-off: release names the        *)
(* ticket, not the thread). One or two closers, each closing once.         *)
(* Abstracted away: the memory-segment accesses a holder makes, which     *)
(* counter the hash picks (any), and memory ordering (sequential           *)
(* consistency: the Java code uses volatile/CAS for every counter access;  *)
(* memory/SessionMemory.tla checks which of them weak memory needs).       *)
(* A spin on CLOSING is an action enabled once the counter is no longer    *)
(* CLOSING (one load of a CLOSING counter is a step: the witnesses need    *)
(* to know an acquire waited).                                             *)
(*                                                                         *)
(* Close's contract: it succeeds on an open session nobody holds, unless   *)
(* another close is in progress (IdleCloseSucceeds); two closes of a       *)
(* session nobody holds: exactly one succeeds (IdleClosesOneSucceeds), as  *)
(* with the JDK 22+ one-CAS close. Unlike that close, the loser may return *)
(* while the winner is still marking, and when holders come and go the     *)
(* winner may then roll back: both fail. Session.tla's failed close is a   *)
(* stutter, so these two properties say what the refinement cannot.       *)
(*                                                                         *)
(* Progress: the acquire CAS loop is lock-free (a CAS fails only because   *)
(* another acquire or release changed the counter), not wait-free, and an  *)
(* acquire waits while a close is in phase 1. EveryAcquireReturns holds    *)
(* because a model's acquires are finite (Acquires per thread).            *)
(*                                                                         *)
(* Re-choosing (Rechoose, FALSE unless a config sets it TRUE): an acquire  *)
(* whose CAS failed may go on with ANY counter, as LongAdder moves a       *)
(* thread whose CAS failed to another cell (advanceProbe). The Java option *)
(* (ShardedSession.CounterChoice.RECHOOSE) moves the thread to another     *)
(* counter for this and its later acquires; the counter it picks comes     *)
(* from a racy plain int table, so any counter may be read, which is       *)
(* what the existential choice below lets happen. The ticket is the        *)
(* counter the successful CAS incremented (sibling RechooseOldTicket.tla   *)
(* returns the first one).                                                 *)
(*                                                                         *)
(* Retrying closes (CloseRetries, FALSE unless a config sets it TRUE): a   *)
(* closer whose close ended "busy" calls close() again (CloseRetry, a step *)
(* of the caller that touches no counter), until its close succeeds or     *)
(* finds the session closed. RetriedCloseCloses: it eventually does, when  *)
(* the acquires are finite. Close never waits, so nothing else makes a     *)
(* retried close succeed: with acquirers that never stop (EndlessAcquires, *)
(* FALSE unless a config sets it TRUE: after its last round a thread       *)
(* acquires again), a retrying close can meet a holder on every attempt    *)
(* and be starved forever (model ShardedSessionEndless).                   *)
(*                                                                         *)
(* `owner`, `held`, `waitedOn` and `moved` are history variables for the   *)
(* properties and the witnesses.                                           *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    T,          \* acquiring threads 1..T
    N,          \* counters 0..N-1 (a power of two)
    Closers,    \* the threads calling close
    Acquires    \* acquire/release rounds per thread

ASSUME T \in Nat \ {0} /\ N \in {1, 2, 4, 8} /\ Closers # {} /\ Acquires \in Nat \ {0}

\* Whether an acquire whose CAS failed may move to another counter: a definition
\* so that the configs that leave it alone need not name it; a config overrides
\* it with `Rechoose = TRUE` (ShardedSessionRechoose.cfg).
Rechoose == FALSE

\* Whether a closer whose close ended "busy" calls close again (CloseRetry), and whether
\* the threads acquire forever (after their last round they start again): definitions
\* too, FALSE unless a config sets `CloseRetries = TRUE` or `EndlessAcquires = TRUE`
\* (ShardedSessionRetry.cfg, ShardedSessionEndless.cfg). With both FALSE the state
\* graph is the one before they existed: CloseRetry is never enabled.
CloseRetries == FALSE
EndlessAcquires == FALSE

Threads  == 1 .. T
Counters == 0 .. N - 1
CLOSING  == -100              \* far from any count, so a negative count is visible as such
CLOSED   == -200
NoCloser == "none"


VARIABLES
    c,          \* Java: the counters
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
    moved       \* history: per thread, TRUE once a failed CAS moved it to another counter (Rechoose)

vars == <<c, pc, v, ticket, round, cpc, ci, marked, owner, held, waitedOn, moved>>

TypeOK ==
    /\ c \in [Counters -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ pc \in [Threads -> {"load", "cas", "holding", "done", "failed"}]
    /\ v \in [Threads -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ ticket \in [Threads -> Counters]
    /\ round \in [Threads -> 1 .. Acquires]
    /\ cpc \in [Closers -> {"mark", "rollbackBusy", "rollbackClosed", "commit", "ok", "busy", "closed"}]
    /\ ci \in [Closers -> 0 .. N]
    /\ marked \in [Closers -> SUBSET Counters]
    /\ owner \in [Counters -> Closers \cup {NoCloser}]
    /\ held \in [Threads -> SUBSET Counters]
    /\ waitedOn \in [Threads -> SUBSET Closers]
    /\ moved \in [Threads -> BOOLEAN]

\* The initial state, with the counter each thread's first acquire uses.
InitWith(first) ==
    /\ c = [i \in Counters |-> 0]
    /\ pc = [t \in Threads |-> "load"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = first
    /\ round = [t \in Threads |-> 1]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ ci = [k \in Closers |-> 0]
    /\ marked = [k \in Closers |-> {}]
    /\ owner = [i \in Counters |-> NoCloser]
    /\ held = [t \in Threads |-> {}]
    /\ waitedOn = [t \in Threads |-> {}]
    /\ moved = [t \in Threads |-> FALSE]

Init == \E first \in [Threads -> Counters] : InitWith(first)

closerVars == <<cpc, ci, marked, owner>>
threadVars == <<pc, v, ticket, round, held, waitedOn, moved>>

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
    /\ UNCHANGED <<c, ticket, round, held, moved>> /\ UNCHANGED closerVars

(* acquire: CAS(v, v + 1); success returns the ticket, failure loads again *)
(* (from any counter when Rechoose: the Java's re-choice is part of this   *)
(* step's failure path and touches no counter)                             *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ IF c[ticket[t]] = v[t]
          THEN /\ c' = [c EXCEPT ![ticket[t]] = v[t] + 1]
               /\ pc' = [pc EXCEPT ![t] = "holding"]
               /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
               /\ UNCHANGED <<ticket, moved>>
          ELSE /\ pc' = [pc EXCEPT ![t] = "load"]
               /\ UNCHANGED <<c, held>>
               /\ IF Rechoose
                     THEN \E i \in Counters :
                             /\ ticket' = [ticket EXCEPT ![t] = i]
                             /\ moved' = [moved EXCEPT ![t] = @ \/ i # ticket[t]]
                     ELSE UNCHANGED <<ticket, moved>>
    /\ UNCHANGED <<v, round, waitedOn>> /\ UNCHANGED closerVars

\* After a release: the thread's next acquire, on any counter, or it is done
\* (never, with EndlessAcquires: its last round is started again).
NextAcquire(t) ==
    IF round[t] < Acquires \/ EndlessAcquires
       THEN /\ pc' = [pc EXCEPT ![t] = "load"]
            /\ round' = [round EXCEPT ![t] = IF @ < Acquires THEN @ + 1 ELSE @]
            /\ waitedOn' = [waitedOn EXCEPT ![t] = {}]
            /\ \E i \in Counters : ticket' = [ticket EXCEPT ![t] = i]
       ELSE /\ pc' = [pc EXCEPT ![t] = "done"]
            /\ UNCHANGED <<round, waitedOn, ticket>>

(* release(ticket): c[ticket] -= 1, by this thread or by the one it handed *)
(* the ticket to                                                           *)
Release(t) ==
    /\ pc[t] = "holding"
    /\ c' = [c EXCEPT ![ticket[t]] = @ - 1]
    /\ NextAcquire(t)
    /\ UNCHANGED <<v, held, moved>> /\ UNCHANGED closerVars

(* close, phase 1: CAS(c[i], 0, CLOSING); a busy counter starts the rollback *)
CloseMark(k) ==
    /\ cpc[k] = "mark"
    /\ LET i == ci[k] IN
       IF c[i] = 0
          THEN /\ c' = [c EXCEPT ![i] = CLOSING]
               /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
               /\ owner' = [owner EXCEPT ![i] = k]
               /\ IF i = N - 1
                     THEN ci' = [ci EXCEPT ![k] = 0] /\ cpc' = [cpc EXCEPT ![k] = "commit"]
                     ELSE ci' = [ci EXCEPT ![k] = i + 1] /\ UNCHANGED cpc
          ELSE /\ cpc' = [cpc EXCEPT ![k] = IF c[i] = CLOSED THEN "rollbackClosed" ELSE "rollbackBusy"]
               /\ UNCHANGED <<c, ci, marked, owner>>
    /\ UNCHANGED threadVars

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
    /\ UNCHANGED ci /\ UNCHANGED threadVars

(* close, phase 2: c[i] = CLOSED, for each counter in order *)
CloseCommit(k) ==
    /\ cpc[k] = "commit"
    /\ c' = [c EXCEPT ![ci[k]] = CLOSED]
    /\ owner' = [owner EXCEPT ![ci[k]] = NoCloser]
    /\ IF ci[k] = N - 1
          THEN cpc' = [cpc EXCEPT ![k] = "ok"] /\ UNCHANGED ci
          ELSE ci' = [ci EXCEPT ![k] = @ + 1] /\ UNCHANGED cpc
    /\ UNCHANGED marked /\ UNCHANGED threadVars

(* close again, after a close that ended "busy" (CloseRetries): the        *)
(* caller's decision, no counter touched; the new call starts at counter 0 *)
CloseRetry(k) ==
    /\ CloseRetries
    /\ cpc[k] = "busy"
    /\ cpc' = [cpc EXCEPT ![k] = "mark"]
    /\ ci' = [ci EXCEPT ![k] = 0]
    /\ UNCHANGED <<c, marked, owner>> /\ UNCHANGED threadVars

Terminating ==
    /\ \A t \in Threads : pc[t] \in {"done", "failed"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}
    /\ UNCHANGED vars

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ Release(t)
Closer(k) == CloseMark(k) \/ CloseRollback(k) \/ CloseCommit(k) \/ CloseRetry(k)

Next == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating

(* Weak fairness of each thread and each closer: all that the liveness     *)
(* properties need, RetriedCloseCloses included. Until a closer has        *)
(* returned for good, one of its steps is always enabled (CloseMark        *)
(* whatever the counter holds, CloseRollback, CloseCommit, CloseRetry      *)
(* after "busy"), so strong fairness of Closer(k) would force nothing      *)
(* more. A thread waiting on a CLOSING mark is enabled only once the mark  *)
(* is gone, but a close marks again only after a failed attempt, and with  *)
(* finite Acquires attempts fail finitely often: an attempt fails only on  *)
(* a holder, another close's mark or CLOSED, and the holders run out.      *)
(* That, not fairness, is what makes a retried close succeed. Strong       *)
(* fairness would not save it from endless acquirers either: the starving  *)
(* behaviour (ShardedSessionEndless) takes every thread's and every        *)
(* closer's steps infinitely often, only at the wrong moments; fairness    *)
(* says that a step is taken, not what the counters hold when it is.       *)
Spec ==
    /\ Init
    /\ [][Next]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))

-----------------------------------------------------------------------------
(* Properties, named for what they promise: SessionProperties.tla, which  *)
(* AdaptiveSession.tla shares, with this spec's steps for its parameters. *)

\* A thread in its acquire call; a closer in its close call, up to its return.
AcquiringPcs == {"load", "cas"}
ClosingPcs   == {"mark", "rollbackBusy", "rollbackClosed", "commit"}
\* A closer in its call for IdleCloseSucceeds: past its first mark, or beyond phase 1.
InCall(k) == cpc[k] \in {"rollbackBusy", "rollbackClosed", "commit"} \/ (cpc[k] = "mark" /\ ci[k] > 0)

INSTANCE SessionProperties WITH closersInCall <- {k \in Closers : InCall(k)}
=============================================================================
