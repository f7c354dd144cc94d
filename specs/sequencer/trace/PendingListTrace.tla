-------------------------- MODULE PendingListTrace --------------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.sequencer.PendingListSequencer *)
(* against PendingList.tla: TLC checks that a recorded execution of the    *)
(* Java code is a behaviour of the spec.                                   *)
(*                                                                         *)
(* `Trace` is a sequence of events recorded by the Java hooks (Trace.java), *)
(* one per atomic step, in the real order of the steps:                    *)
(*   [t |-> thread, a |-> action, <the values the step read or wrote>]     *)
(* A claim records hi (seq) and the batch size n; a batch publish records  *)
(* one Park per sequence, lo first, as the spec's Park steps, or, on the   *)
(* fast path (the Guard event's cursor decided it), no Park and one        *)
(* CasOverBatch.                                                            *)
(* Each event must match ONE action of PendingList.tla taken by its thread, *)
(* with the recorded values equal to the spec's. A wait (AwaitSlot, Guard) *)
(* records every load; a load whose value keeps the thread waiting is a    *)
(* step that changes nothing in the spec (the spec's wait is an action     *)
(* enabled once its condition holds), so it matches a stuttering step      *)
(* whose condition is checked to be false.                                 *)
(*                                                                         *)
(* The trace is a behaviour of the spec iff some behaviour of TraceSpec    *)
(* reaches l = Len(Trace) + 1: TLC reports that as a violation of the      *)
(* invariant TraceNotFullyReplayed (TLC 2.18 has no POSTCONDITION). The    *)
(* trace position l is part of every state, so the default view tells      *)
(* apart states that differ only in how far the trace was replayed.        *)
(***************************************************************************)
EXTENDS PendingList, Sequences, TLC

CONSTANT Trace

VARIABLE l      \* the position of the next event to match

TraceInit == Init /\ l = 1

E == Trace[l]
p == E.t

\* Loads whose value lets the thread go on take the spec action; other
\* loads of a wait stutter. Either way the loaded value must be the spec's.
MatchAwaitSlot ==
    /\ E.a = "AwaitSlot" /\ pc[p] = "await" /\ consumed = E.consumed
    /\ IF seq[p] - BufferSize <= consumed THEN AwaitSlot(p) ELSE UNCHANGED vars

MatchGuard ==
    /\ E.a = "Guard" /\ pc[p] = "guard" /\ cursor = E.cursor
    /\ IF seq[p] - cursor <= PendingSize THEN Guard(p) ELSE UNCHANGED vars

MatchClaim      == E.a = "Claim" /\ E.n \in 1 .. MaxBatch /\ Claim(p, E.n) /\ seq'[p] = E.seq
MatchPark       == E.a = "Park" /\ pc[p] = "park" /\ ToPark(p) = E.seq /\ Park(p)
MatchReadCursor == E.a = "ReadCursor" /\ ReadCursor(p) /\ cursor = E.cursor
MatchCasCursor  ==
    /\ E.a = "CasCursor" /\ CasCursor(p)
    /\ expected[p] = E.expected /\ top[p] = E.top /\ (cursor = expected[p]) = (E.ok = 1)
MatchCasOverBatch ==
    /\ E.a = "CasOverBatch" /\ CasOverBatch(p)
    /\ expected[p] = E.expected /\ seq[p] = E.hi /\ (cursor = expected[p]) = (E.ok = 1)
MatchLoadPending ==
    /\ E.a = "LoadPending" /\ LoadPending(p)
    /\ top[p] + 1 = E.seq /\ pending[Slot(E.seq)] = E.parked
\* The consumer thread marks one sequence at a time.
MatchConsume    == E.a = "Consume" /\ Consume /\ consumed' = E.consumed

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ MatchClaim \/ MatchAwaitSlot \/ MatchGuard \/ MatchPark
       \/ MatchReadCursor \/ MatchCasCursor \/ MatchCasOverBatch \/ MatchLoadPending \/ MatchConsume
    /\ l' = l + 1

TraceSpec == TraceInit /\ [][TraceNext]_<<vars, l>>

\* Violated exactly when the whole trace has been replayed: the trace is accepted.
TraceNotFullyReplayed == l <= Len(Trace)
-----------------------------------------------------------------------------
(* Witnesses: the hard cases a recording exists for. They are the model's  *)
(* own (WITH.tla), by the same names, as state                             *)
(* predicates of the replay: a recorded log names the one it was made for  *)
(* (its witness line), and make trace-check fails when no state TLC        *)
(* reaches in replaying the log satisfies it (tlc-runner's TraceCheck).    *)
(* Where an event could fit more than one step, that is a state of one of  *)
(* the replays.                                                            *)
Witnesses(name) == INSTANCE PendingListWitnesses WITH Reach <- name

ThreePublishersActive     == ~Witnesses("ThreePublishersActive")!Witness_ThreePublishersActive
DrainedByAnother          == ~Witnesses("DrainedByAnother")!Witness_DrainedByAnother
TwoParkedAtOnce           == ~Witnesses("TwoParkedAtOnce")!Witness_TwoParkedAtOnce
GuardHoldsWhileParked     == ~Witnesses("GuardHoldsWhileParked")!Witness_GuardHoldsWhileParked
RingFull                  == ~Witnesses("RingFull")!Witness_RingFull
LostCursorCas             == ~Witnesses("LostCursorCas")!Witness_LostCursorCas
BatchDrainedByAnother     == ~Witnesses("BatchDrainedByAnother")!Witness_BatchDrainedByAnother
FastPathBesideOther       == ~Witnesses("FastPathBesideOther")!Witness_FastPathBesideOther
FastBatchJumpsBelowParked == ~Witnesses("FastBatchJumpsBelowParked")!Witness_FastBatchJumpsBelowParked
SlotReused                == ~Witnesses("SlotReused")!Witness_SlotReused
CursorInsideBatch         == ~Witnesses("CursorInsideBatch")!Witness_CursorInsideBatch
RunDrainOverOthers        == ~Witnesses("RunDrainOverOthers")!Witness_RunDrainOverOthers
DrainerKeepsWinning       == ~Witnesses("DrainerKeepsWinning")!Witness_DrainerKeepsWinning
=============================================================================
