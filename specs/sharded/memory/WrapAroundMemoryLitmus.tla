----------------------- MODULE WrapAroundMemoryLitmus -----------------------
(* The jcstress test io.github.uncontended.sharded.WrapAroundTest under the  *)
(* memory layer, with the Java's access modes (the SC litmus model is        *)
(* specs/sharded/litmus/WrapAroundLitmus.tla): one shard of 2 slots, which   *)
(* the state's constructor (producer 2 here) fills with its items 1 and 2;  *)
(* producer 1 offers item 3, which only slot 0 can take, while the consumer *)
(* polls once; after both, the arbiter polls twice. The consumer's read and *)
(* clear of slot 0 are plain, ordered before the next lap's plain item      *)
(* store only by ConsumerRelease and LoadSlotSeq: on weak hardware, that    *)
(* pair is what keeps the clear from wiping item 3.                          *)
(* Outcome: "<offer accepted>, <consumer's poll>, <arbiter's polls>".        *)
(*****************************************************************************)
EXTENDS ShardPolls, TLC

LitmusInit == Init /\ phase = "build" /\ results = <<>>

\* Producer 1 makes one offer: it returns true (sent[1] = 1) or false (pc[1] = "full").
OfferReturned == sent[1] = 1 \/ pc[1] = "full"

Code(e) == CASE e = None -> "0" [] e = Item(2, 1) -> "1" [] e = Item(2, 2) -> "2" [] OTHER -> "3"

Finished == phase = "arbiter" /\ Len(results) = 3 /\ M!Quiescent

LitmusNext ==
    \/ phase = "build" /\ ProducerStep(2)                       \* the constructor's offer(1), offer(2)
    \/ pc[2] = "done" /\ Sync("build", "run")
    \/ phase = "run" /\ ~OfferReturned /\ ProducerStep(1)        \* the producer actor: offer(3)
    \/ phase = "run" /\ PollNumber(1)                           \* the consumer actor
    \/ OfferReturned /\ Len(results) = 1 /\ Sync("run", "arbiter")
    \/ phase = "arbiter" /\ \E k \in 2 .. 3 : PollNumber(k)     \* the arbiter
    \/ FlushAny
    \/ Finished /\ UNCHANGED allVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_allVars

Outcome == (IF sent[1] = 1 THEN "1" ELSE "0") \o ", "
           \o Code(results[1]) \o ", " \o Code(results[2]) \o ", " \o Code(results[3])
=============================================================================
