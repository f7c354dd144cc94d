--------------------------- MODULE WrapAroundLitmus ---------------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sharded.WrapAroundTest: one shard of 2 slots, full  *)
(* when the test starts: the state's constructor (here producer 2, done)    *)
(* offered <<2, 1>> into slot 0 and <<2, 2>> into slot 1 (Java: 1 and 2).   *)
(* Producer 1 offers one item (Java: 3), which only slot 0 can take, while  *)
(* the consumer polls once; after both, the arbiter polls twice.             *)
(* Outcome: "<offer accepted>, <consumer's poll>, <arbiter's polls>".        *)
(*                                                                           *)
(* Not covered (sequential consistency only): in Java the consumer's read   *)
(* and clear of slot 0 are plain, ordered before the producer's plain write *)
(* of the next lap only by the consumer's release store of the sequence     *)
(* (ConsumerRelease) and the producer's acquire load of it (LoadSlotSeq).  *)
(* TLC keeps them in program order; the JMM would let the clear wipe the    *)
(* new item ("1, 1, 2, 0") or the read return it ("1, 3, ..."), were that  *)
(* pair missing. The jcstress test forbids both, and none is listed beyond  *)
(* sequential consistency.                                                  *)
(*****************************************************************************)
EXTENDS Polls, TLC

\* After the constructor's two offers: tail 2, both slots published, producer 2 finished.
LitmusInit ==
    /\ tail = [s \in Shards |-> 2]
    /\ head = [s \in Shards |-> 0]
    /\ seq = [s \in Shards |-> [i \in Slots |-> i + 1]]
    /\ item = [s \in Shards |-> [i \in Slots |-> <<2, i + 1>>]]
    /\ pc = [p \in Producers |-> IF p = 2 THEN "done" ELSE "tail"]
    /\ sh = [p \in Producers |-> ShardOf(p)]
    /\ t = [p \in Producers |-> IF p = 2 THEN 1 ELSE 0]
    /\ cpc = "seq"
    /\ cs = 0
    /\ taken = 0
    /\ got = None
    /\ sent = [p \in Producers |-> IF p = 2 THEN 2 ELSE 0]
    /\ received = <<>>
    /\ results = <<>>
    /\ visited = 0

\* Producer 1 makes one offer: it returns true (sent[1] = 1) or false (pc[1] = "full").
OfferReturned == sent[1] = 1 \/ pc[1] = "full"

Code(e) == CASE e = None    -> "0"
             [] e[1] = 2    -> ToString(e[2])       \* the constructor's 1 and 2
             [] OTHER       -> "3"                  \* producer 1's item

Finished == OfferReturned /\ Len(results) = 3

LitmusNext ==
    \/ ~OfferReturned /\ ProducerStep(1)
    \/ PollNumber(1)                                            \* the consumer actor
    \/ \E k \in 2 .. 3 : OfferReturned /\ PollNumber(k)    \* the arbiter, after both actors
    \/ Finished /\ UNCHANGED allVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_allVars

Outcome == (IF sent[1] = 1 THEN "1" ELSE "0") \o ", "
           \o Code(results[1]) \o ", " \o Code(results[2]) \o ", " \o Code(results[3])
=============================================================================
