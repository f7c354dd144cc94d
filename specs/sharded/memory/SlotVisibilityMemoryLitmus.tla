---------------------- MODULE SlotVisibilityMemoryLitmus ----------------------
(* The jcstress test io.github.uncontended.sharded.SlotVisibilityTest under  *)
(* the memory layer, with the Java's access modes (the SC litmus model is    *)
(* specs/sharded/litmus/SlotVisibilityLitmus.tla): one shard of 2 slots;     *)
(* the producer sets its event's field (a plain store) and offers it while   *)
(* the consumer polls once; after both, the arbiter polls again. A poller    *)
(* that gets the event reads its field (plain).                              *)
(* Outcome: "<consumer's poll>, <arbiter's poll>": 0 nothing, 1 the event    *)
(* with its field, 2 the event with its field unset.                         *)
(*****************************************************************************)
EXTENDS ShardPolls, TLC

VARIABLES
    fieldSet,   \* the producer has set its event's field
    codes       \* each finished poll's code, once the poller has read the field

litmusVars == <<fieldSet, codes>>

LitmusInit == Init /\ phase = "run" /\ results = <<>> /\ fieldSet = FALSE /\ codes = <<>>

\* e.value = VALUE, then buffer.offer(e)
Produce ==
    \/ /\ ~fieldSet
       /\ M!Store(1, "field", "plain", 42)
       /\ fieldSet' = TRUE
       /\ UNCHANGED <<pc, t, sent, cpc, h, got, placed, received, codes>> /\ UNCHANGED pollVars
    \/ fieldSet /\ ProducerStep(1) /\ UNCHANGED litmusVars

\* ShardedBuffers.code(e): the field of a polled event, read by the poller
Code ==
    /\ Len(codes) < Len(results)
    /\ LET e == results[Len(codes) + 1] IN
       IF e = None
       THEN codes' = Append(codes, 0) /\ UNCHANGED memVars
       ELSE \E r \in M!Reads(Consumer, "field", "plain") :
               M!Load(Consumer, "field", "plain", r) /\ codes' = Append(codes, IF r.val = 42 THEN 1 ELSE 2)
    /\ UNCHANGED <<pc, t, sent, cpc, h, got, placed, received, fieldSet>> /\ UNCHANGED pollVars

Offered == pc[1] = "done"
Finished == phase = "arbiter" /\ Len(codes) = 2

LitmusNext ==
    \/ Produce
    \/ phase = "run" /\ PollNumber(1) /\ UNCHANGED litmusVars      \* the consumer actor
    \/ Code
    \/ Offered /\ Len(codes) = 1 /\ Sync("run", "arbiter") /\ UNCHANGED litmusVars
    \/ phase = "arbiter" /\ PollNumber(2) /\ UNCHANGED litmusVars  \* the arbiter
    \/ FlushAny /\ UNCHANGED litmusVars
    \/ Finished /\ M!Quiescent /\ UNCHANGED <<allVars, litmusVars>>

LitmusSpec == LitmusInit /\ [][LitmusNext]_<<allVars, litmusVars>>

Outcome == ToString(codes[1]) \o ", " \o ToString(codes[2])
=============================================================================
