-------------------------- MODULE SessionProperties --------------------------
(***************************************************************************)
(* The properties ShardedSession.tla and AdaptiveSession.tla share, named  *)
(* for what they promise, written once. Each of the two specs imports them *)
(* with an unnamed INSTANCE, so a config, a sibling or a witness module    *)
(* names them as before (NoUseAfterClose, Refinement, ...): they are       *)
(* definitions of the spec itself.                                         *)
(*                                                                         *)
(* What differs between the two designs comes in as parameters, which each *)
(* spec defines under these names before its INSTANCE:                     *)
(*   AcquiringPcs   the pc values of a thread inside its acquire call      *)
(*   ClosingPcs     the cpc values of a closer inside its close call, up   *)
(*                  to its return                                          *)
(*   closersInCall  the closers that are in their close call in the sense  *)
(*                  of IdleCloseSucceeds: {k \in Closers : InCall(k)}      *)
(*   vars           the spec's tuple of variables                          *)
(* The rest are the specs' own constants and variables, alike in both.    *)
(* The stripes' own properties (StripesOnlyOnceInflated, SealFindsNoSeal)  *)
(* stay in AdaptiveSession.tla.                                            *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    T,              \* acquiring threads (Session.tla's bound on holders)
    Threads,
    Closers,
    Counters,
    CLOSING,
    CLOSED,
    CloseRetries,
    AcquiringPcs,
    ClosingPcs

VARIABLES
    c,
    pc,
    ticket,
    cpc,
    owner,
    held,
    closersInCall,
    vars

Holders == {t \in Threads : pc[t] = "holding"}
\* A close has committed: its phase 1 is over, every counter (that exists) is CLOSING
\* at once, and in the adaptive session no stripe can appear (its linearization point).
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

\* A close of an open session nobody holds succeeds unless another close is in
\* progress: a close fails (starts its rollback, or returns) only at a moment
\* when the session is held, another close is in its call, or it is closed.
Failed == {"rollbackBusy", "rollbackClosed", "busy", "closed"}
IdleCloseSucceeds ==
    [][\A k \in Closers :
          (cpc[k] \notin Failed /\ cpc'[k] \in Failed)
              => Holders # {} \/ (\E j \in Closers \ {k} : j \in closersInCall) \/ Committed]_vars

\* Closes of a session nobody has held: once all returned, exactly one succeeded
\* (racing or not; as the JDK's one-CAS close gives).
NobodyHeld == \A t \in Threads : held[t] = {}
IdleClosesOneSucceeds ==
    (NobodyHeld /\ \A k \in Closers : cpc[k] \in {"ok", "busy", "closed"})
        => Cardinality({k \in Closers : cpc[k] = "ok"}) = 1

\* Every acquire and every close returns (the acquires because they are finite).
EveryAcquireReturns == \A t \in Threads : pc[t] \in AcquiringPcs ~> pc[t] \in {"holding", "failed"}
EveryCloseReturns == \A k \in Closers : cpc[k] \in ClosingPcs ~> cpc[k] \in {"ok", "busy", "closed"}

\* A closer that retries after "busy" (CloseRetries) eventually sees the session closed:
\* a call of its succeeds, or finds the session closed. Holds because the acquires are
\* finite (Acquires per thread); with EndlessAcquires it does not (ShardedSessionEndless).
\* Without CloseRetries it holds trivially (written so, and not as CloseRetries => ...,
\* because TLC refuses a property that is a tautology).
RetriedCloseCloses ==
    \A k \in Closers : (CloseRetries /\ cpc[k] = "busy") ~> cpc[k] \in {"ok", "closed"}

\* After a successful close, every acquire still in its call (spinning) fails.
SpinningAcquiresFailAfterClose ==
    \A t \in Threads : (pc[t] \in AcquiringPcs /\ \E k \in Closers : cpc[k] = "ok") ~> pc[t] = "failed"

\* The session refines the one-counter abstract Session.
Abstract == INSTANCE Session WITH count <- Cardinality(Holders),
                                  state <- IF Committed THEN "CLOSED" ELSE "OPEN"
Refinement == Abstract!Spec
=============================================================================
