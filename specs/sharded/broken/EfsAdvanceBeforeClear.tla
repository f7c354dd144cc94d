------------------------ MODULE EfsAdvanceBeforeClear ------------------------
(* BROKEN SIBLING of ElementFlagShards: the consumer stores head + 1 (the  *)
(* slot is free for the next lap) before it nulls the slot. A producer of  *)
(* the next lap stores its element there, and the consumer's late clear    *)
(* wipes it: an accepted item is lost. Caught by: NoAcceptedItemLost.      *)
(*****************************************************************************)
EXTENDS ElementFlagShards

AdvanceEarly ==             \* replaces ConsumerClear: head = head + 1 first ...
    /\ cpc = "clear"
    /\ head' = [head EXCEPT ![cs] = @ + 1]
    /\ cpc' = "advance" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, limit, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

ClearLate ==                \* ... then slot (head - 1) % C = null, on to the next item
    /\ cpc = "advance"
    /\ item' = [item EXCEPT ![cs][Index(head[cs] - 1)] = None]
    /\ cpc' = "elem" /\ movedOn' = FALSE
    /\ IF taken + 1 = Batch THEN NextShard ELSE taken' = taken + 1 /\ UNCHANGED cs
    /\ UNCHANGED <<tail, head, limit, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

EarlyNext == (\E p \in Producers : Producer(p))
             \/ ConsumerLoadElementWhileItems \/ ConsumerLoadTail \/ AdvanceEarly \/ ClearLate
             \/ Terminating
EarlySpec == Init /\ [][EarlyNext]_vars
=============================================================================
