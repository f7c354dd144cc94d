------------------------- MODULE ShardedSessionTrace -------------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.session.ShardedSession against *)
(* ShardedSession.tla: TLC checks that a recorded execution of the Java    *)
(* code is a behaviour of the spec.                                        *)
(*                                                                         *)
(* Every Java acquire() call is one spec thread (`inst`) acquiring once    *)
(* (Acquires = 1), and every close() call one spec closer (`closer`); the  *)
(* recording test numbers them, giving the acquire on counter i an         *)
(* instance t with t % N = i, the counter TraceInit gives its acquire. A   *)
(* release names no instance: any holder of that counter's ticket may be   *)
(* the one released (hand-offs included).                                  *)
(*                                                                         *)
(* Events and what they must match:                                        *)
(*   AcquireLoad counter value     AcquireLoad(t); when it saw CLOSING, a   *)
(*                                 step only the first time it sees that   *)
(*                                 closer's mark, then stuttering (spins)  *)
(*   AcquireCas counter expected ok   AcquireCas(t)                        *)
(*   ReleaseLoad counter value     nothing changes: the load feeding the   *)
(*                                 release CAS                             *)
(*   Release counter expected ok   Release(t) of some holder, or nothing   *)
(*                                 when the CAS failed                     *)
(*   CloseMark counter witness     CloseMark(k)                            *)
(*   CloseRollback counter         CloseRollback(k) resetting that counter  *)
(*   CloseCommit counter           CloseCommit(k)                          *)
(* A failed close's last spec step (CloseRollback with nothing left to     *)
(* reset: the call throws) touches no memory and has no event: it is taken *)
(* (Silent) before the next event is matched. When it happens changes     *)
(* nothing any other step can see, so fixing it loses no behaviour, and it *)
(* keeps TLC from enumerating every placement of every failed close.      *)
(* Likewise a release takes the lowest-numbered holder of its ticket: all  *)
(* holders of one counter are alike (each can only be released, once).    *)
(* Accepted iff TLC violates TraceNotFullyReplayed (see PendingListTrace). *)
(***************************************************************************)
EXTENDS ShardedSession, Sequences, TLC

CONSTANT Trace

VARIABLE l

TraceInit == InitWith([t \in Threads |-> t % N]) /\ l = 1

E == Trace[l]
ctr == E.counter

MatchAcquireLoad ==
    /\ E.a = "AcquireLoad" /\ ticket[E.inst] = ctr /\ c[ctr] = E.value /\ pc[E.inst] = "load"
    /\ IF E.value = CLOSING /\ owner[ctr] \in waitedOn[E.inst] THEN UNCHANGED vars ELSE AcquireLoad(E.inst)

MatchAcquireCas ==
    /\ E.a = "AcquireCas" /\ ticket[E.inst] = ctr /\ v[E.inst] = E.expected
    /\ (c[ctr] = E.expected) = (E.ok = 1)
    /\ AcquireCas(E.inst)

MatchReleaseLoad == E.a = "ReleaseLoad" /\ c[ctr] = E.value /\ UNCHANGED vars

MatchRelease ==
    /\ E.a = "Release" /\ (c[ctr] = E.expected) = (E.ok = 1)
    /\ IF E.ok = 1
          THEN /\ \E t \in Threads : pc[t] = "holding" /\ ticket[t] = ctr
               /\ Release(CHOOSE t \in Threads : pc[t] = "holding" /\ ticket[t] = ctr)
          ELSE UNCHANGED vars

MatchCloseMark     == E.a = "CloseMark" /\ ci[E.closer] = ctr /\ c[ctr] = E.witness /\ CloseMark(E.closer)
MatchCloseRollback == E.a = "CloseRollback" /\ ctr \in marked[E.closer] /\ CloseRollback(E.closer) /\ c'[ctr] = 0
MatchCloseCommit   == E.a = "CloseCommit" /\ ci[E.closer] = ctr /\ CloseCommit(E.closer)

\* A close can only be finishing right after its own last event (its failed
\* CloseMark, or its last CloseRollback): no quantifier over all closers needed.
Prev == Trace[l - 1]
PrevFinishing ==
    /\ l > 1 /\ "closer" \in DOMAIN Prev
    /\ cpc[Prev.closer] \in {"rollbackBusy", "rollbackClosed"} /\ marked[Prev.closer] = {}
Silent == PrevFinishing /\ CloseRollback(Prev.closer) /\ UNCHANGED l

TraceNext ==
    \/ /\ l <= Len(Trace)
       /\ ~PrevFinishing
       /\ \/ MatchAcquireLoad \/ MatchAcquireCas \/ MatchReleaseLoad \/ MatchRelease
          \/ MatchCloseMark \/ MatchCloseRollback \/ MatchCloseCommit
       /\ l' = l + 1
    \/ Silent

TraceSpec == TraceInit /\ [][TraceNext]_<<vars, l>>

TraceNotFullyReplayed == l <= Len(Trace)
-----------------------------------------------------------------------------
(* Witnesses: the hard cases a recording exists for. They are the model's  *)
(* own (WITH.tla), by the same names, as state                             *)
(* predicates of the replay: a recorded log names the one it was made for  *)
(* (its witness line), and make trace-check fails when no state TLC        *)
(* reaches in replaying the log satisfies it (tlc-runner's TraceCheck).    *)
(* Where an event could fit more than one step, that is a state of one of  *)
(* the replays.                                                            *)
Witnesses(name) == INSTANCE ShardedSessionWitnesses WITH Reach <- name

TwoThreadsOneCounter  == ~Witnesses("TwoThreadsOneCounter")!Witness_TwoThreadsOneCounter
ThreadMigrates        == ~Witnesses("ThreadMigrates")!Witness_ThreadMigrates
TwoClosersRacing      == ~Witnesses("TwoClosersRacing")!Witness_TwoClosersRacing
AcquireWaitsThenFails == ~Witnesses("AcquireWaitsThenFails")!Witness_AcquireWaitsThenFails
AcquireAfterRollback  == ~Witnesses("AcquireAfterRollback")!Witness_AcquireAfterRollback
AcquireRechooses      == ~Witnesses("AcquireRechooses")!Witness_AcquireRechooses
=============================================================================
