---------------------------- MODULE EfsPollMovesOn ----------------------------
(* BROKEN SIBLING of ElementFlagShards: at a null element poll moves on to *)
(* the next shard whatever its tail load finds, as drain does (and as      *)
(* ShardedBuffer's relaxed poll): a poll may return null while a producer  *)
(* has claimed a slot of a shard it visited and not yet stored the element.*)
(* Nothing is lost (a later visit takes the element), so every other       *)
(* property holds. Caught by: PollNullOnlyWhenEmpty.                       *)
(*****************************************************************************)
EXTENDS ElementFlagShards

MoveOn ==                   \* replaces ConsumerLoadTail
    /\ cpc = "ctail"
    /\ NextShard
    /\ cpc' = "elem" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, head, limit, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

MoveOnNext == (\E p \in Producers : Producer(p))
              \/ ConsumerLoadElementWhileItems \/ MoveOn \/ ConsumerClear \/ ConsumerAdvance
              \/ Terminating
MoveOnSpec == Init /\ [][MoveOnNext]_vars
=============================================================================
