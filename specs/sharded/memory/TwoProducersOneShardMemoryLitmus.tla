------------------- MODULE TwoProducersOneShardMemoryLitmus -------------------
(* The jcstress test io.github.uncontended.sharded.TwoProducersOneShardTest *)
(* under the memory layer, with the Java's access modes (the SC litmus model *)
(* is specs/sharded/litmus/TwoProducersOneShardLitmus.tla): producers 1 and *)
(* 2 share one shard of 2 slots and offer one item each at once; after both,*)
(* the arbiter polls three times.                                           *)
(* Outcome: "<poll 1>, <poll 2>, <poll 3>", the producer's number for its   *)
(* item, 0 for nothing.                                                      *)
(*****************************************************************************)
EXTENDS ShardPolls, TLC

LitmusInit == Init /\ phase = "run" /\ results = <<>>

Code(e) == IF e = None THEN "0" ELSE ToString(e \div 10)

Finished == phase = "arbiter" /\ Len(results) = 3 /\ M!Quiescent

LitmusNext ==
    \/ phase = "run" /\ \E p \in Producers : ProducerStep(p)
    \/ (\A p \in Producers : pc[p] = "done") /\ Sync("run", "arbiter")
    \/ phase = "arbiter" /\ \E k \in 1 .. 3 : PollNumber(k)     \* the arbiter
    \/ FlushAny
    \/ Finished /\ UNCHANGED allVars

LitmusSpec == LitmusInit /\ [][LitmusNext]_allVars

Outcome == Code(results[1]) \o ", " \o Code(results[2]) \o ", " \o Code(results[3])
=============================================================================
