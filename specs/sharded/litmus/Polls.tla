-------------------------------- MODULE Polls --------------------------------
(* For the litmus models of the sharded buffer: the Java poll() as a run of  *)
(* the spec's consumer actions. A poll ends with ConsumerAdvance (it        *)
(* returns the item it read) or when it has found S shards empty in a row   *)
(* (it returns null, recorded as None); Java counts the shards it visited   *)
(* in the same way. `results` holds what each finished poll returned, in    *)
(* order. Between two polls cpc = "seq" and visited = 0.                    *)
(*****************************************************************************)
EXTENDS ShardedBuffer

VARIABLES
    results,    \* what each finished poll returned: an item or None
    visited     \* empty shards seen by the poll under way

pollVars == <<results, visited>>
allVars == <<vars, pollVars>>

PollLoadSeq ==              \* ConsumerLoadSeq; the S-th empty shard ends the poll with null
    /\ ConsumerLoadSeq
    /\ IF cpc' = "read"
          THEN UNCHANGED pollVars
          ELSE IF visited + 1 = S
                  THEN results' = Append(results, None) /\ visited' = 0
                  ELSE visited' = visited + 1 /\ UNCHANGED results

PollTake == (ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease) /\ UNCHANGED pollVars

PollAdvance ==              \* ConsumerAdvance: the poll returns the item it read
    /\ ConsumerAdvance
    /\ results' = Append(results, got)
    /\ visited' = 0

PollStep == PollLoadSeq \/ PollTake \/ PollAdvance

PollUnderWay == cpc # "seq" \/ visited > 0

\* The next step of poll number k (1, 2, ...): either poll k is under way, or it may start.
PollNumber(k) == Len(results) = k - 1 /\ PollStep

\* A producer's step; the litmus modules decide which producers run and when.
ProducerStep(p) == Producer(p) /\ UNCHANGED pollVars
=============================================================================
