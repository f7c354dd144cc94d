--------------------------- MODULE ShardedSession ---------------------------
(***************************************************************************)
(* The closeable sharded acquire/release session: the split-counter        *)
(* proposal of openjdk/jdk PR 28575 for the JDK's shared memory sessions.  *)
(*                                                                         *)
(* N counters, one per cache line. A counter value >= 0 is the number of   *)
(* holders that acquired through it; CLOSING and CLOSED are sentinels.     *)
(*   acquire: i = home(thread); loop: v = c[i]; CLOSED -> fail; CLOSING -> *)
(*            spin; else CAS(v, v + 1) and return the ticket i.            *)
(*   release(ticket): c[ticket] -= 1, by whichever thread holds the ticket *)
(*   close:   phase 1: for each counter in order, CAS(0, CLOSING); on a    *)
(*            busy counter (holders, another closer's mark, CLOSED) reset  *)
(*            the counters THIS call marked to 0 and fail; phase 2: store  *)
(*            CLOSED into every counter.                                   *)
(*                                                                         *)
(* Modeled: one action per atomic memory operation (counter load, acquire  *)
(* CAS, release decrement, each phase-1 CAS, each rollback store, each     *)
(* phase-2 store); threads acquire once each and hand the ticket to        *)
(* another thread for the release (Handoff); one or two closers.           *)
(* Abstracted away: the memory-segment accesses a holder makes, the hash   *)
(* that picks a home counter (here a fixed map), and memory ordering       *)
(* (sequential consistency: the Java code uses volatile/CAS for every      *)
(* counter access). A spin on CLOSING is an action enabled once the        *)
(* counter is no longer CLOSING.                                           *)
(*                                                                         *)
(* `owner` and `committed` are history variables for the properties.     *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    T,          \* acquiring threads 1..T
    N,          \* counters 0..N-1 (a power of two)
    Closers     \* the threads calling close

ASSUME T \in Nat \ {0} /\ N \in {1, 2, 4, 8} /\ Closers # {}

Threads  == 1 .. T
Counters == 0 .. N - 1
CLOSING  == -100              \* far from any count, so a negative count is visible as such
CLOSED   == -200
NoCloser == "none"

Home(t) == t % N                      \* Java: thread id & (N - 1) (a hash in the JDK)
Handoff(t) == (t % T) + 1             \* the thread the lease is handed to for release

VARIABLES
    c,          \* Java: the counters
    pc,         \* per acquiring thread: its next step
    v,          \* per thread: the value its load saw (a local)
    ticket,     \* per thread: the ticket acquire returned (a local)
    cpc,        \* per closer: its next step, or how its close ended
    ci,         \* per closer: the counter its phase 1 or 2 is at (a local)
    marked,     \* per closer: the counters this call marked CLOSING (a local)
    owner       \* history: which closer's mark a CLOSING counter carries

vars == <<c, pc, v, ticket, cpc, ci, marked, owner>>

TypeOK ==
    /\ c \in [Counters -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ pc \in [Threads -> {"load", "cas", "holding", "done", "failed"}]
    /\ v \in [Threads -> {CLOSED, CLOSING} \cup 0 .. T]
    /\ ticket \in [Threads -> Counters]
    /\ cpc \in [Closers -> {"mark", "rollbackBusy", "rollbackClosed", "commit", "ok", "busy", "closed"}]
    /\ ci \in [Closers -> 0 .. N]
    /\ marked \in [Closers -> SUBSET Counters]
    /\ owner \in [Counters -> Closers \cup {NoCloser}]

Init ==
    /\ c = [i \in Counters |-> 0]
    /\ pc = [t \in Threads |-> "load"]
    /\ v = [t \in Threads |-> 0]
    /\ ticket = [t \in Threads |-> Home(t)]
    /\ cpc = [k \in Closers |-> "mark"]
    /\ ci = [k \in Closers |-> 0]
    /\ marked = [k \in Closers |-> {}]
    /\ owner = [i \in Counters |-> NoCloser]

closerVars == <<cpc, ci, marked, owner>>
threadVars == <<pc, v, ticket>>

(* acquire: v = c[home]; CLOSED -> fail; CLOSING -> spin (this step waits). *)
AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ c[Home(t)] # CLOSING
    /\ IF c[Home(t)] = CLOSED
          THEN pc' = [pc EXCEPT ![t] = "failed"] /\ UNCHANGED v
          ELSE pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = c[Home(t)]]
    /\ UNCHANGED <<c, ticket>> /\ UNCHANGED closerVars

(* acquire: CAS(v, v + 1); success returns the ticket, failure loads again *)
AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ IF c[Home(t)] = v[t]
          THEN /\ c' = [c EXCEPT ![Home(t)] = v[t] + 1]
               /\ ticket' = [ticket EXCEPT ![t] = Home(t)]
               /\ pc' = [pc EXCEPT ![t] = "holding"]
          ELSE /\ pc' = [pc EXCEPT ![t] = "load"]
               /\ UNCHANGED <<c, ticket>>
    /\ UNCHANGED v /\ UNCHANGED closerVars

(* release(ticket), on the thread the lease was handed to: c[ticket] -= 1 *)
Release(t) ==
    /\ pc[t] = "holding"
    /\ c' = [c EXCEPT ![ticket[t]] = @ - 1]
    /\ pc' = [pc EXCEPT ![t] = "done"]
    /\ UNCHANGED <<v, ticket>> /\ UNCHANGED closerVars

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

Terminating ==
    /\ \A t \in Threads : pc[t] \in {"done", "failed"}
    /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"}
    /\ UNCHANGED vars

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ Release(t)
Closer(k) == CloseMark(k) \/ CloseRollback(k) \/ CloseCommit(k)

Next == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating

Spec ==
    /\ Init
    /\ [][Next]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))

-----------------------------------------------------------------------------
(* Properties, named for what they promise. *)

Holders == {t \in Threads : pc[t] = "holding"}
\* A close has committed: every counter was CLOSING at once (its linearization point).
Committed == \E k \in Closers : cpc[k] \in {"commit", "ok"}

\* No thread holds the session once a close committed (no use after free).
NoUseAfterClose == Committed => Holders = {}

\* A close that succeeds found the session idle.
CloseSucceedsOnlyWhenIdle == \A k \in Closers : cpc[k] = "ok" => Holders = {}

\* A failed close leaves none of its CLOSING marks behind.
FailedCloseLeavesNoMarks ==
    \A k \in Closers : cpc[k] \in {"busy", "closed"} => \A i \in Counters : owner[i] # k

\* An acquire fails only once a close committed.
NoSpuriousAcquireFailure == \A t \in Threads : pc[t] = "failed" => Committed

\* Counters never go below zero (the sentinels aside) ...
CountsNeverNegative == \A i \in Counters : c[i] \in {CLOSING, CLOSED} \/ c[i] >= 0
\* ... and each counts exactly the holders whose ticket names it.
TicketsBalance ==
    \A i \in Counters : c[i] >= 0 => c[i] = Cardinality({t \in Holders : ticket[t] = i})

\* Every acquire and every close returns.
EveryAcquireReturns == \A t \in Threads : pc[t] \in {"load", "cas"} ~> pc[t] \in {"holding", "failed"}
EveryCloseReturns ==
    \A k \in Closers : cpc[k] \in {"mark", "rollbackBusy", "rollbackClosed", "commit"} ~> cpc[k] \in {"ok", "busy", "closed"}

\* After a successful close, every acquire still spinning fails.
SpinningAcquiresFailAfterClose ==
    \A t \in Threads : (pc[t] \in {"load", "cas"} /\ \E k \in Closers : cpc[k] = "ok") ~> pc[t] = "failed"

\* The sharded session refines the one-counter abstract Session.
Abstract == INSTANCE Session WITH count <- Cardinality(Holders),
                                  state <- IF Committed THEN "CLOSED" ELSE "OPEN"
Refinement == Abstract!Spec
=============================================================================
