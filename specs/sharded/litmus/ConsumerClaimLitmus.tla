------------------------- MODULE ConsumerClaimLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sharded.ConsumerClaimTest: one shard of 2 slots     *)
(* holding <<1, 1>> and <<1, 2>> (Java: 1 and 2), offered when the state     *)
(* was built (producer 1, done). Two actors a1 and a2 each poll once: the   *)
(* poll claims the consumer role (LoadRole, ClaimConsumer, CheckHolder) or *)
(* is refused, because the other actor holds it, with                       *)
(* IllegalStateException (recorded -1); an actor that got the role takes   *)
(* one item or none and releases the role (ReleaseConsumer). After both,   *)
(* the arbiter polls (claiming the role).                                   *)
(* Outcome: "<a1's poll>, <a2's poll>, <arbiter's poll>", an item's index,  *)
(* 0 for nothing, -1 for refused.                                           *)
(*                                                                           *)
(* Not covered (sequential consistency only): in Java the role is claimed   *)
(* by a CAS and released by a release store, and the consumer's position   *)
(* and the slots it cleared reach the next holder through that pair. TLC   *)
(* keeps every step in one order. The jcstress test forbids what a racy    *)
(* claim (sibling RacyConsumerClaim.tla, the jcstress broken variant) or a *)
(* lost handover would show: an item taken twice, or a refused poll       *)
(* while nobody held the role; none is listed beyond sequential            *)
(* consistency.                                                             *)
(*****************************************************************************)
EXTENDS Polls, ConsumerHandover, TLC

CONSTANTS a1, a2, arb     \* the two actors and the arbiter (model values)

ASSUME Pollers = {a1, a2, arb}

VARIABLES
    apc,        \* per poller: "claim", "poll", "release", "done"
    mine,       \* per poller: the number of its poll among all polls (index into results)
    refused     \* per poller: its poll was refused

actorVars == <<apc, mine, refused>>
litmusVars == <<vars, results, visited, roleVars, actorVars>>

Actors == Pollers \ {arb}

\* After the constructor's two offers: tail 2, both slots published, producer 1 finished.
LitmusInit ==
    /\ tail = [s \in Shards |-> 2]
    /\ head = [s \in Shards |-> 0]
    /\ seq = [s \in Shards |-> [i \in Slots |-> i + 1]]
    /\ item = [s \in Shards |-> [i \in Slots |-> <<1, i + 1>>]]
    /\ pc = [p \in Producers |-> "done"]
    /\ sh = [p \in Producers |-> ShardOf(p)]
    /\ t = [p \in Producers |-> 1]
    /\ cpc = "seq"
    /\ cs = 0
    /\ taken = 0
    /\ got = None
    /\ sent = [p \in Producers |-> 2]
    /\ received = <<>>
    /\ results = <<>>
    /\ visited = 0
    /\ role = NoThread
    /\ holds = [c \in Pollers |-> FALSE]
    /\ alive = [c \in Pollers |-> TRUE]
    /\ handovers = 0
    /\ rpc = [c \in Pollers |-> "idle"]
    /\ expected = [c \in Pollers |-> NoThread]
    /\ witness = [c \in Pollers |-> NoThread]
    /\ apc = [c \in Pollers |-> "claim"]
    /\ mine = [c \in Pollers |-> 0]
    /\ refused = [c \in Pollers |-> FALSE]

Started(c) == c \in Actors \/ \A a \in Actors : apc[a] = "done"   \* the arbiter runs after both actors

(* poll, up to the claim: LoadRole, ClaimConsumer, CheckHolder; it ends holding the role, or   *)
(* refused (another thread, alive, holds it: IllegalStateException, nothing changes)            *)
ClaimStep(c) ==
    /\ Started(c) /\ apc[c] = "claim"
    /\ LoadRole(c) \/ ClaimConsumer(c) \/ CheckHolder(c)
    /\ CASE holds'[c]            -> apc' = [apc EXCEPT ![c] = "poll"]
                                    /\ mine' = [mine EXCEPT ![c] = Len(results) + 1] /\ UNCHANGED refused
          [] rpc'[c] = "refused" -> apc' = [apc EXCEPT ![c] = "done"]
                                    /\ refused' = [refused EXCEPT ![c] = TRUE] /\ UNCHANGED mine
          [] OTHER               -> UNCHANGED <<apc, mine, refused>>
    /\ UNCHANGED <<results, visited>>

(* the poll's steps, the role held; it ends when its result is recorded *)
Poll(c) ==
    /\ apc[c] = "poll" /\ holds[c]
    /\ PollNumber(mine[c])
    /\ apc' = [apc EXCEPT ![c] = IF Len(results') = mine[c] THEN "release" ELSE "poll"]
    /\ UNCHANGED <<roleVars, mine, refused>>

(* releaseConsumer, after the poll *)
Release(c) ==
    /\ apc[c] = "release"
    /\ ReleaseConsumer(c)
    /\ apc' = [apc EXCEPT ![c] = "done"]
    /\ UNCHANGED <<results, visited, mine, refused>>

Finished == \A c \in Pollers : apc[c] = "done"

LitmusNext ==
    \/ \E c \in Pollers : ClaimStep(c) \/ Poll(c) \/ Release(c)
    \/ Finished /\ UNCHANGED litmusVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_litmusVars

Code(c) == IF refused[c] THEN "-1"
           ELSE LET e == results[mine[c]] IN IF e = None THEN "0" ELSE ToString(e[2])

Outcome == Code(a1) \o ", " \o Code(a2) \o ", " \o Code(arb)
=============================================================================
