------------------------- MODULE ConsumerHandover -------------------------
(***************************************************************************)
(* The consumer role of ShardedBuffer.java, held by one thread at a time   *)
(* and handed from thread to thread. ShardedBuffer.tla has one consumer;   *)
(* in Java the consumer is whichever thread holds the role. A poll by     *)
(* thread c, step by step as in ConsumerRole.claim:                       *)
(*   LoadRole        opaque load of the role: c holds it, go on (no step);*)
(*                   else expected = none                                 *)
(*   ClaimConsumer   CAS(role, expected, c): success, c is the consumer;   *)
(*                   failure, witness = the role found                     *)
(*   CheckHolder     the witness is a live thread: refused                 *)
(*                   (IllegalStateException, nothing changes); it has     *)
(*                   terminated, or is none (the holder released the role *)
(*                   after the CAS): expected = witness, CAS again        *)
(* releaseConsumer by the holder, between polls: ReleaseConsumer, a       *)
(* release store of none. A thread may end, holding the role or not:      *)
(* Terminate.                                                              *)
(* The consumer's steps are ShardedBuffer's, taken by the thread holding   *)
(* the role; its locals (cpc, cs, taken, got) go with the role. In Java   *)
(* they are fields that the release store and the claiming CAS hand from   *)
(* one holder to the next (happens-before); for a terminated holder, the   *)
(* JLS orders its last action before isAlive() returns false.             *)
(*                                                                         *)
(* holds[c] is what thread c knows: it claimed the role and has not given  *)
(* it up (nor terminated). SingleConsumer: no two threads know themselves *)
(* the consumer. Siblings: the claim as a load and a store                 *)
(* (RacyConsumerClaim.tla), no take-over from a terminated holder          *)
(* (NoTakeOver.tla), a check that assumes the holder it saw still holds    *)
(* the role (AssumeHolderStays.tla: the NullPointerException the jcstress *)
(* test found in the Java code).                                          *)
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
    handovers,  \* releases and terminations so far (the bound)
    rpc,        \* per thread: where its claim is: "idle", "cas", "check", "refused"
    expected,   \* per thread: the holder its next CAS expects (a local)
    witness     \* per thread: the holder its last CAS found (a local)

roleVars == <<role, holds, alive, handovers, rpc, expected, witness>>
handoverVars == <<vars, roleVars>>

RoleTypeOK ==
    /\ role \in Pollers \cup {NoThread}
    /\ holds \in [Pollers -> BOOLEAN] /\ alive \in [Pollers -> BOOLEAN]
    /\ handovers \in 0 .. Handovers
    /\ rpc \in [Pollers -> {"idle", "cas", "check", "refused"}]
    /\ expected \in [Pollers -> Pollers \cup {NoThread}] /\ witness \in [Pollers -> Pollers \cup {NoThread}]

HandoverInit ==
    /\ Init
    /\ role = NoThread
    /\ holds = [c \in Pollers |-> FALSE]
    /\ alive = [c \in Pollers |-> TRUE]
    /\ handovers = 0
    /\ rpc = [c \in Pollers |-> "idle"]
    /\ expected = [c \in Pollers |-> NoThread]
    /\ witness = [c \in Pollers |-> NoThread]

SetRpc(c, l) == rpc' = [rpc EXCEPT ![c] = l]

(* poll by c, which does not hold the role: the opaque load finds another value; expected = none *)
LoadRole(c) ==
    /\ alive[c] /\ ~holds[c] /\ rpc[c] = "idle"
    /\ SetRpc(c, "cas")
    /\ expected' = [expected EXCEPT ![c] = NoThread]
    /\ UNCHANGED <<role, holds, alive, handovers, witness>> /\ UNCHANGED vars

(* CAS(consumer, expected, c): on success c is the consumer; on failure it keeps the witness *)
ClaimConsumer(c) ==
    /\ rpc[c] = "cas"
    /\ IF role = expected[c]
          THEN role' = c /\ holds' = [holds EXCEPT ![c] = TRUE] /\ SetRpc(c, "idle") /\ UNCHANGED witness
          ELSE witness' = [witness EXCEPT ![c] = role] /\ SetRpc(c, "check") /\ UNCHANGED <<role, holds>>
    /\ UNCHANGED <<alive, handovers, expected>> /\ UNCHANGED vars

(* the witness a live thread: refused; terminated, or none: CAS again, from it *)
CheckHolder(c) ==
    /\ rpc[c] = "check"
    /\ IF witness[c] # NoThread /\ alive[witness[c]]
          THEN SetRpc(c, "refused") /\ UNCHANGED expected
          ELSE SetRpc(c, "cas") /\ expected' = [expected EXCEPT ![c] = witness[c]]
    /\ UNCHANGED <<role, holds, alive, handovers, witness>> /\ UNCHANGED vars

(* after a refused poll the thread may poll again *)
Retry(c) ==
    /\ rpc[c] = "refused"
    /\ SetRpc(c, "idle")
    /\ UNCHANGED <<role, holds, alive, handovers, expected, witness>> /\ UNCHANGED vars

(* releaseConsumer by the holder, between polls: consumer = null (a release store) *)
ReleaseConsumer(c) ==
    /\ alive[c] /\ holds[c] /\ cpc = "seq"
    /\ handovers < Handovers
    /\ role' = NoThread
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ handovers' = handovers + 1
    /\ UNCHANGED <<alive, rpc, expected, witness>> /\ UNCHANGED vars

(* thread c ends between polls (holding the role or not: it keeps it); never the last one alive *)
Terminate(c) ==
    /\ alive[c] /\ rpc[c] \in {"idle", "refused"} /\ (holds[c] => cpc = "seq")
    /\ \E d \in Pollers \ {c} : alive[d]
    /\ handovers < Handovers
    /\ alive' = [alive EXCEPT ![c] = FALSE]
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ handovers' = handovers + 1
    /\ UNCHANGED <<role, rpc, expected, witness>> /\ UNCHANGED vars

(* a consumer step of ShardedBuffer, taken by a thread that holds the role *)
Consume(c) == holds[c] /\ Consumer /\ ~AllConsumed /\ UNCHANGED roleVars

Claim(c) == LoadRole(c) \/ ClaimConsumer(c) \/ CheckHolder(c) \/ Retry(c)

Poller(c) == Claim(c) \/ ReleaseConsumer(c) \/ Terminate(c) \/ Consume(c)

HandoverNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED roleVars
    \/ \E c \in Pollers : Poller(c)
    \/ Terminating /\ UNCHANGED roleVars

(* Every thread weakly fair in its claims and its consumer steps: a thread that wants the role *)
(* polls until it has it. Releases and terminations are optional.                               *)
HandoverSpec ==
    /\ HandoverInit /\ [][HandoverNext]_handoverVars
    /\ \A p \in Producers : WF_handoverVars(Producer(p) /\ UNCHANGED roleVars)
    /\ \A c \in Pollers : WF_handoverVars(Claim(c))
    /\ \A c \in Pollers : WF_handoverVars(Consume(c))

-----------------------------------------------------------------------------
(* Properties: the role's own, and every property of ShardedBuffer.tla, which must survive *)
(* the consumer's steps being taken by several threads in turn.                            *)

\* No two threads know themselves the consumer.
SingleConsumer == \A c, d \in Pollers : holds[c] /\ holds[d] => c = d

\* A thread that knows itself the consumer holds the role.
HolderHoldsTheRole == \A c \in Pollers : holds[c] => role = c
=============================================================================
