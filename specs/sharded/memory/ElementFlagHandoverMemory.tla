------------------------ MODULE ElementFlagHandoverMemory ------------------------
(***************************************************************************)
(* The consumer role of the element-flag buffer handed from thread to      *)
(* thread, with every shared-memory access made through the memory layer   *)
(* (specs/memory/Memory.tla) in the access mode                            *)
(* io.github.uncontended.sharded.ElementFlagShardedBuffer, ElementFlagShard *)
(* and ConsumerRole use: the table JavaMode below, which the build checks  *)
(* against the Java (make modes).                                          *)
(*                                                                         *)
(* The question, as in HandoverMemory.tla for the slot-sequence buffer:   *)
(* when one thread releases the role and another claims it, does the new   *)
(* consumer see everything the old one did? Here the answer carries more: *)
(* the new consumer's plain load of the head (ElementFlagShard.lpHead) is  *)
(* ordered only by the role's release store and claiming CAS, and a stale  *)
(* head would not merely return null, as a stale sequence does in the      *)
(* slot-sequence buffer: its slot is null (the old consumer cleared it) and *)
(* the tail is past it, which is what a slot claimed and not yet stored    *)
(* looks like, so the new consumer would wait there for ever. Property     *)
(* ConsumerStartsWhereTheLastStopped says that never happens.              *)
(*                                                                         *)
(* Modeled: Pollers threads polling one shard of C slots whose Items items *)
(* were stored before the threads started (the producers' side is          *)
(* ElementFlagMemory.tla's). The role's steps are RoleMemory.tla's. Then,  *)
(* as the consumer (ElementFlagShardedBuffer.take):                       *)
(*   ConsumerLoadHead      h = lpHead(), plain                              *)
(*   ConsumerLoadElement   e = slot h % C, acquire; e # null: take it       *)
(*   ConsumerLoadTail      e = null, in poll: tail = h, the shard is empty, *)
(*                         the poll returns null; else load the element    *)
(*                         again (in drain a null ends the call: no load)  *)
(*   ConsumerClear         slot = null, plain                              *)
(*   ConsumerAdvance       head = h + 1, release                           *)
(* Between polls the holder may give the role up, and a thread may end     *)
(* (RoleMemory.tla: the JLS edge of isAlive()).                            *)
(*                                                                         *)
(* Abstracted away: the producers (above), so the tail is Items and no     *)
(* slot is reused; other shards (the fields current and takenHere are     *)
(* plain, handed over as the head is). Liveness: the layer is for safety,  *)
(* which is why the wait a stale head would cause is a safety property     *)
(* here: the consumer's head is always the number of items taken.          *)
(***************************************************************************)
EXTENDS RoleMemory, TLC

\* Besides RoleMemory's Strength, Pollers (1 .. n), Handovers and Terminations; its Locs, InitVal
\* and Mode are this module's EfsHandoverLocs, EfsHandoverInitVal and EfsHandoverMode (the config).
CONSTANTS
    C,          \* slots of the shard (a power of two)
    Items,      \* items stored before the threads start, at most C
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, "none", or "all"
    WeakMode    \* the mode it gets

ASSUME Pollers \subseteq Nat \ {0} /\ C \in {1, 2, 4} /\ Items \in 1 .. C /\ Handovers \in Nat /\ Terminations \in Nat

\* The access mode of each step, as ElementFlagShardedBuffer, ElementFlagShard and ConsumerRole use it.
JavaMode == [
    LoadRole            |-> "opaque",     \* CONSUMER.getOpaque (ConsumerRole.loConsumer)
    ClaimConsumer       |-> "volatile",   \* CONSUMER.compareAndExchange (ConsumerRole.caeConsumer)
    ReleaseConsumer     |-> "release",    \* CONSUMER.setRelease(null) (ConsumerRole.soConsumer)
    ConsumerLoadHead    |-> "plain",      \* HEAD.get (ElementFlagShard.lpHead)
    ConsumerLoadElement |-> "acquire",    \* ELEMENT.getAcquire (laElement; wait: take, at least opaque)
    ConsumerLoadTail    |-> "volatile",   \* TAIL.getVolatile (lvTail, in the step consumerLoadTail; wait: take): ElementFlagMemory's PollNullOnlyWhenEmpty
    ConsumerClear       |-> "plain",      \* ELEMENT.set(null) (spElement)
    ConsumerAdvance     |-> "release"     \* HEAD.setRelease (soHead)
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

EfsHandoverMode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

ItemLoc(i) == "item" \o ToString(i)
EfsHandoverLocs == {"role", "head", "tail"} \cup {ItemLoc(i) : i \in 0 .. C - 1}
\* Slot i holds item i + 1 for i < Items (the tail is Items); the others are empty (null).
EfsHandoverInitVal == [x \in EfsHandoverLocs |->
    CASE x = "tail" -> Items
      [] \E i \in 0 .. C - 1 : x = ItemLoc(i) ->
            LET i == CHOOSE i \in 0 .. C - 1 : x = ItemLoc(i) IN IF i < Items THEN i + 1 ELSE None
      [] OTHER -> 0]

vars == <<mem, buf, msgs, cur, scv, rpc, expected, witness, hd, got, holds, handovers, received>>

ConsumerSteps == {"head", "elem", "ctail", "clear", "advance"}

Init == RoleInit

consumerUnchanged(c) == UNCHANGED <<expected, witness, holds, handovers>>

(* h = s.lpHead(): the head the previous consumer advanced, read with a plain load *)
ConsumerLoadHead(c) ==
    /\ rpc[c] = "head"
    /\ \E r \in M!Reads(c, "head", Mode("ConsumerLoadHead")) :
          M!Load(c, "head", Mode("ConsumerLoadHead"), r) /\ hd' = [hd EXCEPT ![c] = r.val]
    /\ Goto(c, "elem")
    /\ UNCHANGED <<got, received>> /\ consumerUnchanged(c)

(* e = slot h % C: an element is taken; null, in poll: compare h with the *)
(* tail; null, in drain: on to the next shard (with one shard the drain    *)
(* call returns), the tail not loaded                                      *)
ConsumerLoadElement(c) ==
    /\ rpc[c] = "elem"
    /\ \E r \in M!Reads(c, ItemLoc(hd[c] % C), Mode("ConsumerLoadElement")) :
          /\ M!Load(c, ItemLoc(hd[c] % C), Mode("ConsumerLoadElement"), r)
          /\ IF r.val # None
                THEN /\ got' = [got EXCEPT ![c] = r.val]
                     /\ received' = Append(received, r.val)
                     /\ Goto(c, "clear")
                ELSE UNCHANGED <<got, received>> /\ (Goto(c, "ctail") \/ Goto(c, "idle"))
    /\ UNCHANGED hd /\ consumerUnchanged(c)

(* tail = h: the shard is empty, the poll returns null; else the slot is *)
(* claimed and not yet stored: load the element again                   *)
ConsumerLoadTail(c) ==
    /\ rpc[c] = "ctail"
    /\ \E r \in M!Reads(c, "tail", Mode("ConsumerLoadTail")) :
          /\ M!Load(c, "tail", Mode("ConsumerLoadTail"), r)
          /\ Goto(c, IF r.val = hd[c] THEN "idle" ELSE "elem")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

ConsumerClear(c) ==
    /\ rpc[c] = "clear"
    /\ M!Store(c, ItemLoc(hd[c] % C), Mode("ConsumerClear"), None)
    /\ Goto(c, "advance")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

ConsumerAdvance(c) ==
    /\ rpc[c] = "advance"
    /\ M!Store(c, "head", Mode("ConsumerAdvance"), hd[c] + 1)
    /\ Goto(c, "idle")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

Poller(c) ==
    \/ LoadRole(c) \/ ClaimConsumer(c) \/ CheckHolder(c) \/ Retry(c)
    \/ ConsumerLoadHead(c) \/ ConsumerLoadElement(c) \/ ConsumerLoadTail(c) \/ ConsumerClear(c)
    \/ ConsumerAdvance(c) \/ ReleaseConsumer(c) \/ Terminate(c)

Next == \E c \in Pollers : Poller(c) \/ Flush(c)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* No two threads take consumer steps at once.
SingleConsumer == SingleConsumerOf(ConsumerSteps)

\* The consumers, one after another, take items 1, 2, ... in order, each once, never an empty
\* slot.
InOrderOnce == received = [i \in 1 .. Len(received) |-> i]

\* Each new consumer starts where the last one stopped: the head a consumer loaded is the number
\* of items taken before the one it is at. A stale head would find the slot the last consumer
\* cleared and a tail past it, and wait there for ever (a slot claimed and not yet stored).
ConsumerStartsWhereTheLastStopped ==
    \A c \in Pollers :
        /\ rpc[c] \in {"elem", "ctail"} => hd[c] = Len(received)
        /\ rpc[c] \in {"clear", "advance"} => hd[c] = Len(received) - 1
=============================================================================
