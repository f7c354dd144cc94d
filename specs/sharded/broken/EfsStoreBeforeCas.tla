--------------------------- MODULE EfsStoreBeforeCas ---------------------------
(* BROKEN SIBLING of ElementFlagShards: the producer stores its element    *)
(* into slot t % C before its tail CAS (publish, then claim). Two producers *)
(* that loaded the same tail both store into the slot; the loser's element *)
(* overwrites the winner's. Caught by: NoSlotOverwrite (action property).  *)
(*****************************************************************************)
EXTENDS ElementFlagShards

StoreFirst(p) ==            \* replaces CasTail: slot = e before the CAS ...
    /\ pc[p] = "cas"
    /\ item' = [item EXCEPT ![sh[p]][Index(t[p])] = Next1(p)]
    /\ Goto(p, "store")
    /\ UNCHANGED <<tail, limit, sh, t, lh, sent>> /\ UNCHANGED consumerVars

CasAfter(p) ==              \* ... then CAS(tail, t, t + 1); on failure, offer again
    /\ pc[p] = "store"
    /\ IF tail[sh[p]] = t[p]
          THEN /\ tail' = [tail EXCEPT ![sh[p]] = t[p] + 1]
               /\ sent' = [sent EXCEPT ![p] = @ + 1]
               /\ Goto(p, IF sent[p] + 1 = Items THEN "done" ELSE "tail")
          ELSE UNCHANGED <<tail, sent>> /\ Goto(p, "tail")
    /\ UNCHANGED <<limit, item, sh, t, lh>> /\ UNCHANGED consumerVars

FirstProducer(p) == LoadTail(p) \/ LoadLimit(p) \/ LoadHead(p) \/ StoreLimit(p) \/ StoreFirst(p) \/ CasAfter(p)
FirstNext == (\E p \in Producers : FirstProducer(p)) \/ Consumer \/ Terminating
FirstSpec == Init /\ [][FirstNext]_vars
=============================================================================
