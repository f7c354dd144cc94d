---------------------------- MODULE EfsSkipClaimed ----------------------------
(* BROKEN SIBLING of ElementFlagShards: on a null element the consumer     *)
(* moves past the slot whenever a producer has claimed it (head + 1)       *)
(* instead of loading the element again: the claimed item is never taken. *)
(* Caught by: NoAcceptedItemLost.                                          *)
(*****************************************************************************)
EXTENDS ElementFlagShards

SkipClaimed ==              \* replaces ConsumerLoadTail
    /\ cpc = "ctail"
    /\ IF head[cs] = tail[cs]
          THEN NextShard /\ UNCHANGED head
          ELSE head' = [head EXCEPT ![cs] = @ + 1] /\ UNCHANGED <<cs, taken>>
    /\ cpc' = "elem" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, limit, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

SkipNext == (\E p \in Producers : Producer(p))
            \/ ConsumerLoadElementWhileItems \/ SkipClaimed \/ ConsumerClear \/ ConsumerAdvance
            \/ Terminating
SkipSpec == Init /\ [][SkipNext]_vars
=============================================================================
