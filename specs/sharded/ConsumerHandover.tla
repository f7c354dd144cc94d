------------------------- MODULE ConsumerHandover -------------------------
(***************************************************************************)
(* The consumer role of ShardedBuffer.java, held by one thread at a time   *)
(* and handed from thread to thread. ShardedBuffer.tla has one consumer;   *)
(* in Java the consumer is whichever thread holds the role:                *)
(*   poll by thread c, role held by c   go on: one opaque load, no step    *)
(*                     role free        ClaimConsumer     CAS(none -> c)   *)
(*                     role held by d,  TakeOverConsumer  CAS(d -> c)      *)
(*                     d terminated                                        *)
(*                     role held by d,  refused: IllegalStateException,    *)
(*                     d alive          nothing changes (no step)          *)
(*   releaseConsumer by the holder,     ReleaseConsumer   role = none      *)
(*   between polls                      (a release store)                  *)
(* The consumer's steps are ShardedBuffer's, taken by the thread holding   *)
(* the role; its locals (cpc, cs, taken, got) go with the role. In Java   *)
(* they are fields that the release store and the claiming CAS hand from   *)
(* one holder to the next (happens-before); for a terminated holder, the   *)
(* JLS orders its last action before isAlive() returns false.             *)
(*                                                                         *)
(* holds[c] is what thread c knows: it claimed the role and has not given  *)
(* it up (nor terminated). SingleConsumer: no two threads know themselves *)
(* the consumer.                                                           *)
(* The claim must be one CAS; a load and a store (sibling                  *)
(* RacyConsumerClaim.tla) lets two threads claim a free role at once.     *)
(*                                                                         *)
(* Bounded: at most Handovers releases and terminations in a behaviour, so *)
(* the state space is finite, and the last thread alive does not           *)
(* terminate (somebody must consume for the liveness properties).         *)
(***************************************************************************)
EXTENDS ShardedBuffer

CONSTANTS
    Pollers,    \* the threads that poll (model values)
    NoThread,   \* the role held by nobody (Java: null)
    Handovers   \* releases and terminations, at most, in one behaviour

ASSUME NoThread \notin Pollers /\ Handovers \in Nat

VARIABLES
    role,       \* the thread holding the consumer role, or NoThread (Java: ShardedBuffer.consumer)
    holds,      \* per thread: it claimed the role and has not given it up (its local knowledge)
    alive,      \* per thread: it has not terminated
    handovers   \* releases and terminations so far (the bound)

roleVars == <<role, holds, alive, handovers>>
handoverVars == <<vars, roleVars>>

RoleTypeOK ==
    /\ role \in Pollers \cup {NoThread}
    /\ holds \in [Pollers -> BOOLEAN] /\ alive \in [Pollers -> BOOLEAN]
    /\ handovers \in 0 .. Handovers

HandoverInit ==
    /\ Init
    /\ role = NoThread
    /\ holds = [c \in Pollers |-> FALSE]
    /\ alive = [c \in Pollers |-> TRUE]
    /\ handovers = 0

Claims(c) == holds' = [holds EXCEPT ![c] = TRUE] /\ role' = c

(* poll by c, the role free: CAS(consumer, null, c) succeeds *)
ClaimConsumer(c) ==
    /\ alive[c] /\ ~holds[c]
    /\ role = NoThread
    /\ Claims(c)
    /\ UNCHANGED <<alive, handovers>> /\ UNCHANGED vars

(* poll by c, the role held by a terminated thread d: CAS(consumer, d, c) succeeds *)
TakeOverConsumer(c) ==
    /\ alive[c] /\ ~holds[c]
    /\ role \in Pollers /\ ~alive[role]
    /\ Claims(c)
    /\ UNCHANGED <<alive, handovers>> /\ UNCHANGED vars

(* releaseConsumer by the holder, between polls: consumer = null (a release store) *)
ReleaseConsumer(c) ==
    /\ alive[c] /\ holds[c] /\ cpc = "seq"
    /\ handovers < Handovers
    /\ role' = NoThread
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ handovers' = handovers + 1
    /\ UNCHANGED alive /\ UNCHANGED vars

(* thread c ends (between polls if it holds the role, which it keeps); never the last one alive *)
Terminate(c) ==
    /\ alive[c] /\ (holds[c] => cpc = "seq")
    /\ \E d \in Pollers \ {c} : alive[d]
    /\ handovers < Handovers
    /\ alive' = [alive EXCEPT ![c] = FALSE]
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ handovers' = handovers + 1
    /\ UNCHANGED role /\ UNCHANGED vars

(* a consumer step of ShardedBuffer, taken by a thread that holds the role *)
Consume(c) == holds[c] /\ Consumer /\ ~AllConsumed /\ UNCHANGED roleVars

Poller(c) == ClaimConsumer(c) \/ TakeOverConsumer(c) \/ ReleaseConsumer(c) \/ Terminate(c) \/ Consume(c)

HandoverNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED roleVars
    \/ \E c \in Pollers : Poller(c)
    \/ Terminating /\ UNCHANGED roleVars

(* Every thread weakly fair in its claims and its consumer steps: a thread that wants the role *)
(* polls until it has it. Releases and terminations are optional.                               *)
HandoverSpec ==
    /\ HandoverInit /\ [][HandoverNext]_handoverVars
    /\ \A p \in Producers : WF_handoverVars(Producer(p) /\ UNCHANGED roleVars)
    /\ \A c \in Pollers : WF_handoverVars(ClaimConsumer(c) \/ TakeOverConsumer(c))
    /\ \A c \in Pollers : WF_handoverVars(Consume(c))

-----------------------------------------------------------------------------
(* Properties: the role's own, and every property of ShardedBuffer.tla, which must survive *)
(* the consumer's steps being taken by several threads in turn.                            *)

\* No two threads know themselves the consumer.
SingleConsumer == \A c, d \in Pollers : holds[c] /\ holds[d] => c = d

\* A thread that knows itself the consumer holds the role.
HolderHoldsTheRole == \A c \in Pollers : holds[c] => role = c
=============================================================================
