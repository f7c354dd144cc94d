------------------------------ MODULE RoleMemory ------------------------------
(***************************************************************************)
(* The consumer role's steps (io.github.uncontended.sharded.ConsumerRole,  *)
(* ConsumerHandover.tla under sequential consistency) under the memory     *)
(* layer, shared by the two buffers' handover models: HandoverMemory.tla   *)
(* (slot sequences, ShardedBuffer) and ElementFlagHandoverMemory.tla       *)
(* (element flags, ElementFlagShardedBuffer). Both buffers use the same    *)
(* ConsumerRole; what differs is the consumer's steps after the claim,     *)
(* which each model defines, starting at rpc = "head" and ending at        *)
(* "idle". Each model EXTENDS this module, and its config gives the three  *)
(* constants of the model's own: Locs (its locations, the role at "role"), *)
(* InitVal (their initial values) and Mode (its JavaMode table with a      *)
(* sibling's weakening), e.g. Mode <- HandoverMode; so TLC names these     *)
(* steps as this module's, where a counterexample's links point.          *)
(*                                                                         *)
(* A poll by c: LoadRole (opaque load of the role: c itself, go on; else   *)
(* expected = none), ClaimConsumer (compareAndExchange(role, expected, c): *)
(* success, c is the consumer; failure, witness = what it read),           *)
(* CheckHolder (witness a live thread: refused; none, or a thread that has *)
(* ended, CAS again from it), Retry after a refusal. Between polls the     *)
(* holder may give the role up (ReleaseConsumer, a release store of none,  *)
(* at most Handovers times), and a thread may end, holding the role or not *)
(* (Terminate, at most Terminations times, never the last thread). What    *)
(* orders a dead holder's stores before the new consumer's loads is the    *)
(* JLS (17.4.4: a thread's last action synchronizes-with the detection of *)
(* its end by isAlive()), modelled as that edge: the checker's views take  *)
(* in the dead thread's (weak), and a thread's end drains its store buffer *)
(* (x86-TSO: HotSpot's thread exit runs locked instructions).             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS
    Strength,     \* "tso" or "weak" (Memory.tla)
    Pollers,      \* the threads that poll
    Locs,         \* the model's shared locations, "role" among them
    InitVal,      \* [Locs -> value]
    Handovers,    \* releases of the role, at most, in one behaviour
    Terminations, \* threads that end, at most, in one behaviour (0: none)
    Mode(_)       \* the access mode of a step (the model's JavaMode, weakened by a sibling)

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    rpc,        \* per thread: its next step ("ended": the thread has ended)
    expected,   \* per thread: the holder its next CAS expects (a local)
    witness,    \* per thread: what its last failed CAS read (a local)
    hd,         \* per thread: the head it loaded as the consumer (a local)
    got,        \* per thread: the item it last read (a local)
    holds,      \* per thread: it claimed the role and has not given it up (its own knowledge)
    handovers,  \* releases of the role so far (the bound)
    received    \* history: the items the consumers took, in order

M == INSTANCE Memory WITH Threads <- Pollers, Init <- InitVal
memVars == <<mem, buf, msgs, cur, scv>>

None == 0                               \* the role held by nobody, an empty slot (Java: null)

\* The role's and the consumer's initial state: nobody holds the role, nothing received.
RoleInit ==
    /\ M!MemInit
    /\ rpc = [c \in Pollers |-> "idle"]
    /\ expected = [c \in Pollers |-> None]
    /\ witness = [c \in Pollers |-> None]
    /\ hd = [c \in Pollers |-> 0]
    /\ got = [c \in Pollers |-> None]
    /\ holds = [c \in Pollers |-> FALSE]
    /\ handovers = 0
    /\ received = <<>>

Goto(c, l) == rpc' = [rpc EXCEPT ![c] = l]
\* Thread c has not ended (Terminate).
Alive(c) == rpc[c] # "ended"

(* poll(): the role check, one opaque load *)
LoadRole(c) ==
    /\ rpc[c] = "idle"
    /\ \E r \in M!Reads(c, "role", Mode("LoadRole")) :
          /\ M!Load(c, "role", Mode("LoadRole"), r)
          /\ IF r.val = c THEN Goto(c, "head") /\ UNCHANGED expected
                          ELSE Goto(c, "cas") /\ expected' = [expected EXCEPT ![c] = None]
    /\ UNCHANGED <<witness, hd, got, holds, handovers, received>>

(* compareAndExchange(role, expected, c) *)
ClaimConsumer(c) ==
    /\ rpc[c] = "cas"
    /\ \/ /\ M!CasOk(c, "role", Mode("ClaimConsumer"), expected[c], c)
          /\ Goto(c, "head") /\ holds' = [holds EXCEPT ![c] = TRUE]
          /\ UNCHANGED witness
       \/ \E r \in M!FailReads(c, "role", Mode("ClaimConsumer"), expected[c]) :
          /\ M!CasFail(c, "role", Mode("ClaimConsumer"), r)
          /\ witness' = [witness EXCEPT ![c] = r.val]
          /\ Goto(c, "check") /\ UNCHANGED holds
    /\ UNCHANGED <<expected, hd, got, handovers, received>>

(* a live thread holds the role: refused (IllegalStateException); none, or *)
(* a thread that has ended (isAlive() false, and the JLS edge from its end: *)
(* weak, the views take in the dead thread's): CAS again from it           *)
CheckHolder(c) ==
    /\ rpc[c] = "check"
    /\ IF witness[c] # None /\ Alive(witness[c])
          THEN Goto(c, "refused") /\ UNCHANGED expected /\ UNCHANGED memVars
          ELSE /\ Goto(c, "cas") /\ expected' = [expected EXCEPT ![c] = witness[c]]
               /\ IF witness[c] # None /\ Strength = "weak"
                     THEN /\ cur' = [cur EXCEPT ![c] = M!JoinV(cur[c], cur[witness[c]])]
                          /\ UNCHANGED <<mem, buf, msgs, scv>>
                     ELSE UNCHANGED memVars
    /\ UNCHANGED <<witness, hd, got, holds, handovers, received>>

(* a refused thread may poll again *)
Retry(c) ==
    /\ rpc[c] = "refused"
    /\ Goto(c, "idle")
    /\ UNCHANGED <<mem, buf, msgs, cur, scv, expected, witness, hd, got, holds, handovers, received>>

(* releaseConsumer(), by the holder between polls: role = null, a release store *)
ReleaseConsumer(c) ==
    /\ rpc[c] = "idle" /\ holds[c]
    /\ handovers < Handovers
    /\ M!Store(c, "role", Mode("ReleaseConsumer"), None)
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ handovers' = handovers + 1
    /\ UNCHANGED <<rpc, expected, witness, hd, got, received>>

\* Threads that have ended so far.
Ended == {c \in Pollers : rpc[c] = "ended"}

(* the thread ends between polls, holding the role or not (it keeps it);  *)
(* never the last one alive; its end drains its store buffer (x86-TSO).   *)
(* An ended thread takes no step: no action is enabled at "ended".        *)
Terminate(c) ==
    /\ rpc[c] \in {"idle", "refused"}
    /\ Cardinality(Ended) < Terminations
    /\ \E d \in Pollers \ {c} : Alive(d)
    /\ M!Drained(c)
    /\ Goto(c, "ended")
    /\ holds' = [holds EXCEPT ![c] = FALSE]
    /\ UNCHANGED <<mem, buf, msgs, cur, scv, expected, witness, hd, got, handovers, received>>

Flush(c) == M!Flush(c) /\ UNCHANGED <<rpc, expected, witness, hd, got, holds, handovers, received>>

-----------------------------------------------------------------------------
\* No two threads take consumer steps at once (ConsumerSteps: the model's consumer pcs).
SingleConsumerOf(ConsumerSteps) ==
    \A c, d \in Pollers : (c # d /\ rpc[c] \in ConsumerSteps) => rpc[d] \notin ConsumerSteps

\* For the models' witnesses: thread c holds the role that its earlier CAS found held by another
\* thread (witness[c]: it claimed the role, then gave it up, or ended holding it), and is at step
\* `took` (the model's step right after taking an item) with a head that thread advanced: the new
\* consumer goes on from memory the old one wrote.
HandedOverBy(c, took, alive) ==
    /\ holds[c] /\ witness[c] \notin {None, c} /\ Alive(witness[c]) = alive
    /\ rpc[c] = took /\ hd[c] > 0

\* A poll is refused only because another thread holds the role (never by nobody, never by itself).
RefusedOnlyByAnother == \A c \in Pollers : rpc[c] = "refused" => witness[c] \notin {None, c}
=============================================================================
