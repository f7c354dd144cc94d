------------------------ MODULE AdaptiveSessionTrace ------------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.session.AdaptiveSession       *)
(* against AdaptiveSession.tla: TLC checks that a recorded execution of    *)
(* the Java code is a behaviour of the spec.                               *)
(*                                                                         *)
(* Every Java acquire() call is one spec thread (`inst`) acquiring once    *)
(* (Acquires = 1), and every close() call one spec closer (`closer`); the  *)
(* recording test numbers them, and gives each LoadCells and Inflate event *)
(* the counter the acquire goes on with (`counter`: the one its next load  *)
(* names), which the spec leaves open (any stripe). A release names no     *)
(* instance: any holder of that counter's ticket may be the one released.  *)
(*                                                                         *)
(* Events and what they must match (`found`: 0 null, 1 stripes, 2 sealed): *)
(*   LoadCells found counter       LoadCells(t), going on with `counter`  *)
(*   AcquireLoad counter value     AcquireLoad(t); when it saw CLOSING, a   *)
(*                                 step only the first time it sees that   *)
(*                                 closer's mark, then stuttering (spins)  *)
(*   AcquireCas counter expected ok   AcquireCas(t)                        *)
(*   Inflate found counter         Inflate(t), going on with `counter`     *)
(*   ReleaseLoadCells found        nothing changes: a release's load of   *)
(*                                 the stripes reference                   *)
(*   ReleaseLoad counter value     nothing changes                         *)
(*   Release counter expected ok   Release(t) of some holder, or nothing   *)
(*                                 when the CAS failed                     *)
(*   CloseMark counter witness     CloseMark(k)                            *)
(*   CloseSeal found               CloseSeal(k)                            *)
(*   CloseRollback counter         CloseRollback(k) resetting that counter  *)
(*   CloseCommit counter           CloseCommit(k)                          *)
(* A failed close's last spec step (CloseRollback with nothing left to     *)
(* reset) has no event: it is taken (Silent) before the next event, as in  *)
(* ShardedSessionTrace, whose notes explain why that loses nothing.        *)
(* Accepted iff TLC violates TraceNotFullyReplayed (see PendingListTrace). *)
(***************************************************************************)
EXTENDS AdaptiveSession, Sequences, TLC

CONSTANT Trace

VARIABLE l

TraceInit == Init /\ l = 1

E == Trace[l]
ctr == E.counter

\* What the Java recorded for the stripes reference.
Found(x) == CASE x = "none" -> 0 [] x = "inflated" -> 1 [] x = "sealed" -> 2

MatchLoadCells ==
    /\ E.a = "LoadCells" /\ pc[E.inst] = "start" /\ Found(cells) = E.found
    /\ LoadCells(E.inst) /\ ticket'[E.inst] = ctr

MatchAcquireLoad ==
    /\ E.a = "AcquireLoad" /\ ticket[E.inst] = ctr /\ c[ctr] = E.value /\ pc[E.inst] = "load"
    /\ IF E.value = CLOSING /\ owner[ctr] \in waitedOn[E.inst] THEN UNCHANGED vars ELSE AcquireLoad(E.inst)

MatchAcquireCas ==
    /\ E.a = "AcquireCas" /\ ticket[E.inst] = ctr /\ v[E.inst] = E.expected
    /\ (c[ctr] = E.expected) = (E.ok = 1)
    /\ AcquireCas(E.inst)

MatchInflate ==
    /\ E.a = "Inflate" /\ Found(cells) = E.found
    /\ Inflate(E.inst) /\ ticket'[E.inst] = ctr

MatchReleaseLoadCells == E.a = "ReleaseLoadCells" /\ Found(cells) = E.found /\ UNCHANGED vars

MatchReleaseLoad == E.a = "ReleaseLoad" /\ c[ctr] = E.value /\ UNCHANGED vars

MatchRelease ==
    /\ E.a = "Release" /\ (c[ctr] = E.expected) = (E.ok = 1)
    /\ IF E.ok = 1
          THEN /\ \E t \in Threads : pc[t] = "holding" /\ ticket[t] = ctr
               /\ Release(CHOOSE t \in Threads : pc[t] = "holding" /\ ticket[t] = ctr)
          ELSE UNCHANGED vars

MatchCloseMark ==
    /\ E.a = "CloseMark" /\ cpc[E.closer] = "mark" /\ ci[E.closer] = ctr /\ c[ctr] = E.witness
    /\ CloseMark(E.closer)
MatchCloseSeal     == E.a = "CloseSeal" /\ Found(cells) = E.found /\ CloseSeal(E.closer)
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
       /\ \/ MatchLoadCells \/ MatchAcquireLoad \/ MatchAcquireCas \/ MatchInflate
          \/ MatchReleaseLoadCells \/ MatchReleaseLoad \/ MatchRelease
          \/ MatchCloseMark \/ MatchCloseSeal \/ MatchCloseRollback \/ MatchCloseCommit
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
Witnesses(name) == INSTANCE AdaptiveSessionWitnesses WITH Reach <- name

AcquireInflates      == ~Witnesses("AcquireInflates")!Witness_AcquireInflates
InflateLosesRace     == ~Witnesses("InflateLosesRace")!Witness_InflateLosesRace
SealBeatsInflate     == ~Witnesses("SealBeatsInflate")!Witness_SealBeatsInflate
BaseAndStripeHolders == ~Witnesses("BaseAndStripeHolders")!Witness_BaseAndStripeHolders
RollbackFromStripe   == ~Witnesses("RollbackFromStripe")!Witness_RollbackFromStripe
CloseCommitsStripes  == ~Witnesses("CloseCommitsStripes")!Witness_CloseCommitsStripes
AcquireAfterRollback == ~Witnesses("AcquireAfterRollback")!Witness_AcquireAfterRollback
ThreadMovesToStripes == ~Witnesses("ThreadMovesToStripes")!Witness_ThreadMovesToStripes
TwoClosersRacing     == ~Witnesses("TwoClosersRacing")!Witness_TwoClosersRacing

(* A case of its own, no model witness's: the uncontended close. The close *)
(* sealed the stripes reference of a session that never inflated, and an   *)
(* acquire failed after it.                                                *)
AcquireFailsOnSeal == cells = "sealed" /\ \E t \in Threads : pc[t] = "failed"
=============================================================================
