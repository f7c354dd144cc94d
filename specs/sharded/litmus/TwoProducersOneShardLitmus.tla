---------------------- MODULE TwoProducersOneShardLitmus ----------------------
(* Litmus model of the jcstress test                                         *)
(* io.github.uncontended.sharded.TwoProducersOneShardTest: producers 1 and  *)
(* 2 share one shard of 2 slots and offer one item each (Java: the items 1  *)
(* and 2) at once; after both, the arbiter polls three times.                *)
(* Outcome: "<poll 1>, <poll 2>, <poll 3>", the producer's number for its   *)
(* item, 0 for nothing.                                                      *)
(*                                                                           *)
(* Not covered (sequential consistency only): the race is on the tail, a    *)
(* volatile load and a CAS, which the JMM keeps sequentially consistent;    *)
(* the items are plain stores published by the release store of their       *)
(* slot's sequence and read by the arbiter, which runs after both actors    *)
(* (a happens-before edge jcstress provides), so the JMM adds no outcome.   *)
(*****************************************************************************)
EXTENDS Polls, TLC

LitmusInit == Init /\ results = <<>> /\ visited = 0

Code(e) == IF e = None THEN "0" ELSE ToString(e[1])

Finished == (\A p \in Producers : pc[p] = "done") /\ Len(results) = 3

LitmusNext ==
    \/ \E p \in Producers : ProducerStep(p)
    \/ \E k \in 1 .. 3 : (\A p \in Producers : pc[p] = "done") /\ PollNumber(k)   \* the arbiter
    \/ Finished /\ UNCHANGED allVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_allVars

Outcome == Code(results[1]) \o ", " \o Code(results[2]) \o ", " \o Code(results[3])
=============================================================================
