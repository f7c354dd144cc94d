-------------------------- MODULE AvailabilityTrace --------------------------
(***************************************************************************)
(* Trace validation of io.github.uncontended.sequencer.AvailabilitySequencer *)
(* against AvailabilitySequencer.tla: TLC checks that a recorded execution  *)
(* of the Java code is a behaviour of the spec.                            *)
(*                                                                         *)
(* `Trace` is a sequence of events recorded by the Java hooks (Trace.java), *)
(* one per atomic step, in the real order of the steps:                    *)
(*   [t |-> thread, a |-> action, <the values the step read or wrote>]     *)
(* The sequencer's hooks record Claim (hi as seq, and n), LoadCache,        *)
(* LoadGating, StoreCache, SetAvailable (one per sequence, lo first),       *)
(* WaitForClaim (the bound it loaded), IsAvailable (the sequence and the    *)
(* flag it loaded) and Consume. The recording test plays the user and      *)
(* records the user's steps of the spec with the same hooks: WriteEvent    *)
(* (its store of the event of a sequence, the sequence itself, into its    *)
(* ring) and ReadEvent (the consumer's load of that slot).                 *)
(* Each event must match ONE action of AvailabilitySequencer.tla taken by  *)
(* its thread, with the recorded values equal to the spec's. A wait        *)
(* (LoadGating, WaitForClaim) records every load; a load whose value keeps *)
(* the thread waiting is a step that changes nothing in the spec (the      *)
(* spec's wait is an action enabled once its condition holds), so it       *)
(* matches a stuttering step whose condition is checked to be false.       *)
(* Publisher threads are the constant Publishers, the consumer thread is   *)
(* ConsumerThread.                                                         *)
(*                                                                         *)
(* The trace is a behaviour of the spec iff some behaviour of TraceSpec    *)
(* reaches l = Len(Trace) + 1: TLC reports that as a violation of the      *)
(* invariant TraceNotFullyReplayed (as PendingListTrace.tla).              *)
(***************************************************************************)
EXTENDS AvailabilitySequencer, Sequences, TLC

CONSTANTS Trace, ConsumerThread

VARIABLE l      \* the position of the next event to match

TraceInit == Init /\ l = 1

E == Trace[l]
p == E.t

Pub == p \in Publishers
Con == p = ConsumerThread

MatchClaim ==
    /\ Pub /\ E.a = "Claim" /\ E.n \in 1 .. MaxBatch /\ Claim(p, E.n) /\ hi'[p] = E.seq
MatchLoadCache ==
    /\ Pub /\ E.a = "LoadCache" /\ gatingCache = E.cache /\ LoadCache(p)
MatchLoadGating ==
    /\ Pub /\ E.a = "LoadGating" /\ pc[p] = "gate" /\ consumed = E.consumed
    /\ IF WrapPoint(p) <= consumed THEN LoadGating(p) ELSE UNCHANGED vars
MatchStoreCache ==
    /\ Pub /\ E.a = "StoreCache" /\ pc[p] = "setcache" /\ pos[p] = E.cache /\ StoreCache(p)
MatchWriteEvent ==
    /\ Pub /\ E.a = "WriteEvent" /\ pc[p] = "write" /\ pos[p] = E.seq /\ WriteEvent(p)
MatchSetAvailable ==
    /\ Pub /\ E.a = "SetAvailable" /\ pc[p] = "publish" /\ pos[p] = E.seq /\ SetAvailable(p)

MatchWaitForClaim ==
    /\ Con /\ E.a = "WaitForClaim" /\ cpc = "wait" /\ next = E.next
    /\ IF next > cursor THEN WaitForClaim ELSE UNCHANGED vars
MatchIsAvailable ==
    /\ Con /\ E.a = "IsAvailable" /\ cpc = "scan" /\ cursor + 1 = E.seq
    /\ availableBuffer[Slot(E.seq)] = E.flag /\ IsAvailable
MatchReadEvent ==
    /\ Con /\ E.a = "ReadEvent" /\ cpc = "read" /\ consumed + 1 = E.seq
    /\ ring[Slot(E.seq)] = E.event /\ ReadEvent
MatchConsume ==
    /\ Con /\ E.a = "Consume" /\ cpc = "mark" /\ consumed + 1 = E.consumed /\ Consume

TraceNext ==
    /\ l <= Len(Trace)
    /\ \/ MatchClaim \/ MatchLoadCache \/ MatchLoadGating \/ MatchStoreCache
       \/ MatchWriteEvent \/ MatchSetAvailable
       \/ MatchWaitForClaim \/ MatchIsAvailable \/ MatchReadEvent \/ MatchConsume
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
Witnesses(name) == INSTANCE AvailabilitySequencerWitnesses WITH Reach <- name

WrapsTwice           == ~Witnesses("WrapsTwice")!Witness_WrapsTwice
ScanSeesPreviousLap  == ~Witnesses("ScanSeesPreviousLap")!Witness_ScanSeesPreviousLap
ScanStopsInsideBatch == ~Witnesses("ScanStopsInsideBatch")!Witness_ScanStopsInsideBatch
ScanStopsAtGap       == ~Witnesses("ScanStopsAtGap")!Witness_ScanStopsAtGap
ClaimWaitsOnGating   == ~Witnesses("ClaimWaitsOnGating")!Witness_ClaimWaitsOnGating
CachedGatingPasses   == ~Witnesses("CachedGatingPasses")!Witness_CachedGatingPasses
=============================================================================
