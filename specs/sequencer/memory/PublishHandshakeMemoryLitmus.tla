--------------------- MODULE PublishHandshakeMemoryLitmus ---------------------
(* The jcstress test io.github.uncontended.sequencer.PublishHandshakeTest    *)
(* under the memory layer, with the Java's access modes (the SC litmus model *)
(* is specs/sequencer/litmus/PublishHandshakeLitmus.tla): the state's        *)
(* constructor claims 0 (First) and 1 (Second); jcstress then starts the two *)
(* actors, which publish them; the arbiter reads the cursor after both.      *)
(* jcstress orders the constructor before the actors and the actors before  *)
(* the arbiter (happens-before): SyncAll. The outcome set must be exactly    *)
(* the test's acceptable outcomes, on weak hardware as on x86-TSO.          *)
(* Outcome: the cursor the arbiter reads.                                    *)
(*****************************************************************************)
EXTENDS PendingListMemory

CONSTANTS First, Second
ASSUME Publishers = {First, Second} /\ First # Second

VARIABLE phase   \* "build" (the constructor), "run" (the actors), "arbiter"

LitmusInit == Init /\ phase = "build"

others == <<lo, pos, expected, top, cpc, cnext, got, published>>

\* The constructor: next() for First, then for Second (Claim, AwaitSlot). The test writes no event.
Build ==
    /\ phase = "build"
    /\ \/ pc[First] = "claim" /\ Claim(First)
       \/ pc[First] = "await" /\ AwaitSlot(First)
       \/ pc[First] = "write" /\ pc[Second] = "claim" /\ Claim(Second)
       \/ pc[Second] = "await" /\ AwaitSlot(Second)
    /\ UNCHANGED phase

Start ==
    /\ phase = "build" /\ pc[First] = "write" /\ pc[Second] = "write"
    /\ M!SyncAll
    /\ pc' = [p \in Publishers |-> "guard"] /\ phase' = "run"
    /\ UNCHANGED <<seq>> /\ UNCHANGED others

Publish(p) ==
    /\ phase = "run"
    /\ (Guard(p) \/ Park(p) \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p))
    /\ UNCHANGED phase

Returned == phase = "run" /\ \A p \in Publishers : pc[p] = "claim"

Arbiter == Returned /\ M!SyncAll /\ phase' = "arbiter" /\ UNCHANGED <<pc, seq>> /\ UNCHANGED others

Finished == phase = "arbiter"

LitmusNext ==
    \/ Build \/ Start \/ (\E p \in Publishers : Publish(p)) \/ Arbiter
    \/ \E t \in Publishers \cup {Consumer} : Flush(t) /\ UNCHANGED phase
    \/ Finished /\ UNCHANGED <<vars, phase>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<vars, phase>>

Outcome == ToString(M!Final("cursor"))
=============================================================================
