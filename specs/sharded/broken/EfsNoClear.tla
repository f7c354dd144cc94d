------------------------------ MODULE EfsNoClear ------------------------------
(* BROKEN SIBLING of ElementFlagShards: the consumer moves head on without *)
(* nulling the slot. A lap later it finds the old element still there and  *)
(* takes it again, before the slot's next producer stores.                 *)
(* Caught by: NoDuplicates.                                                *)
(*****************************************************************************)
EXTENDS ElementFlagShards

KeepElement ==              \* replaces ConsumerClear: the slot keeps its element
    /\ cpc = "clear"
    /\ cpc' = "advance" /\ movedOn' = FALSE
    /\ UNCHANGED <<tail, head, limit, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t, lh>>

KeepNext == (\E p \in Producers : Producer(p))
            \/ ConsumerLoadElementWhileItems \/ ConsumerLoadTail \/ KeepElement \/ ConsumerAdvance
            \/ Terminating
KeepSpec == Init /\ [][KeepNext]_vars
=============================================================================
