------------------------------ MODULE ShardPolls ------------------------------
(* For the litmus models of the sharded buffer under the memory layer: the   *)
(* Java poll() on a one-shard buffer as a run of the consumer's steps. A     *)
(* poll ends with ConsumerAdvance (it returns the item it read) or when its *)
(* sequence load does not find the head slot published (it returns null,    *)
(* recorded as None). `results` holds what each finished poll returned.     *)
(*****************************************************************************)
EXTENDS ShardMemory

VARIABLES
    phase,      \* "build" (the state's constructor), "run" (the actors), "arbiter"
    results     \* what each finished poll returned: an item or None

pollVars == <<phase, results>>
allVars == <<vars, pollVars>>
producerOnly == <<pc, t, sent, placed>>

(* poll: q = seq[h & mask] (acquire); q # h + 1: the shard is empty, poll returns null *)
PollLoadSeq ==
    /\ cpc = "seq"
    /\ \E r \in M!Reads(Consumer, SeqLoc(h % C), Mode("ConsumerLoadSeq")) :
          /\ M!Load(Consumer, SeqLoc(h % C), Mode("ConsumerLoadSeq"), r)
          /\ IF r.val = h + 1 THEN cpc' = "read" /\ UNCHANGED results
                              ELSE results' = Append(results, None) /\ UNCHANGED cpc
    /\ UNCHANGED <<h, got, received, phase>> /\ UNCHANGED producerOnly

PollTake == (ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease) /\ UNCHANGED pollVars

PollAdvance ==              \* ConsumerAdvance: the poll returns the item it read
    /\ ConsumerAdvance
    /\ results' = Append(results, got)
    /\ UNCHANGED phase

\* The next step of poll number k (1, 2, ...): poll k is under way, or may start.
PollNumber(k) == Len(results) = k - 1 /\ (PollLoadSeq \/ PollTake \/ PollAdvance)

ProducerStep(p) == Producer(p) /\ UNCHANGED pollVars

FlushAny == \E x \in Producers \cup {Consumer} : Flush(x) /\ UNCHANGED pollVars

\* The happens-before edge jcstress puts between the constructor and the actors, and between
\* the actors and the arbiter.
Sync(from, to) == phase = from /\ M!SyncAll /\ phase' = to
                  /\ UNCHANGED <<pc, t, sent, cpc, h, got, placed, received, results>>
=============================================================================
