------------------------- MODULE SlotVisibilityLitmus -------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sharded.SlotVisibilityTest: one shard of 2 slots;   *)
(* producer 1 offers one event while the consumer polls once; after both,   *)
(* the arbiter polls again. Outcome: "<consumer's poll>, <arbiter's poll>", *)
(* 1 for the event, 0 for nothing.                                           *)
(*                                                                           *)
(* Not covered (sequential consistency only): in Java the event's field and  *)
(* the item are plain stores, published by the release store of the slot's  *)
(* sequence (PublishSeq) and read after the consumer's acquire load of it   *)
(* (ConsumerLoadSeq). TLC writes the item atomically and in program order;  *)
(* the JMM would let the consumer see the sequence but a stale item or an   *)
(* event with its field unset, were that release/acquire pair missing. The *)
(* jcstress test aims at exactly that: its outcomes 2 (the event without    *)
(* its field) and "0, 0" (the sequence seen, the item not) are FORBIDDEN,   *)
(* and none is listed beyond sequential consistency.                        *)
(*****************************************************************************)
EXTENDS Polls, TLC

LitmusInit == Init /\ results = <<>> /\ visited = 0

Code(e) == IF e = None THEN "0" ELSE "1"

Finished == pc[1] = "done" /\ Len(results) = 2

LitmusNext ==
    \/ ProducerStep(1)
    \/ PollNumber(1)                            \* the consumer actor
    \/ pc[1] = "done" /\ PollNumber(2)          \* the arbiter, after both actors
    \/ Finished /\ UNCHANGED allVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_allVars

Outcome == Code(results[1]) \o ", " \o Code(results[2])
=============================================================================
