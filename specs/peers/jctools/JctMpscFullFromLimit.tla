------------------------- MODULE JctMpscFullFromLimit -------------------------
(* BROKEN SIBLING of JctMpscArray.tla (kept in this folder: TLC finds the  *)
(* memory layer only for a spec in the manifest's own folder), run with    *)
(* the telling harness (JctMpscFullFromLimit.cfg: JctMpscArrayTell.cfg's   *)
(* bounds): a producer whose pIndex is at or past the producerLimit it     *)
(* loaded returns false without loading the consumer index: the limit, a   *)
(* cached view of an older consumer index (MpscArrayQueue.java line 288    *)
(* calls it so), taken for fullness, and never refreshed. A poll that      *)
(* happens before the offer (the consumer told the producer) goes unseen.  *)
(* Caught by OfferFailsOnlyWhenFullAsSeen, which a fresh lvConsumerIndex,  *)
(* in any mode, always holds; RefusedOnlyWhenFull does not catch it: the   *)
(* refusal still compares real values (the limit minus capacity is a       *)
(* consumer index once stored).                                            *)
(***************************************************************************)
EXTENDS JctMpscArrayWitnesses

(* replaces LoadPIndex: pIndex >= producerLimit means full *)
LoadPIndexFromLimit(p) ==
    /\ pc[p] = "pindex"
    /\ \E r \in M!Reads(p, "pIndex", Mode("LoadPIndex")) :
          /\ M!Load(p, "pIndex", Mode("LoadPIndex"), r)
          /\ IF r.val >= lim[p]
                THEN /\ Goto(p, "limit")      \* offer returns false; the locals die with the call
                     /\ lim' = [lim EXCEPT ![p] = 0] /\ pi' = [pi EXCEPT ![p] = 0]
                     /\ refusal' = [refusal EXCEPT ![p] = <<r.val, lim[p] - Capacity, polled>>]
                ELSE /\ Goto(p, "cas")
                     /\ pi' = [pi EXCEPT ![p] = r.val]
                     /\ UNCHANGED <<lim, refusal>>
    /\ UNCHANGED <<k, claimed>> /\ UNCHANGED consumerVars

FromLimitProducer(p) ==
    \/ WriteObj(p) \/ LoadLimit(p) \/ LoadPIndexFromLimit(p) \/ LoadCIndex(p) \/ StoreLimit(p)
    \/ CasPIndex(p) \/ StoreElement(p) \/ ProducerHear(p)

FromLimitNext ==
    \/ \E p \in Producers : FromLimitProducer(p)
    \/ LoadOwnCIndex \/ LoadElement \/ LoadPIndexPoll \/ SpinElement \/ ClearSlot \/ StoreCIndex
    \/ ReadObj \/ ConsumerTell
    \/ \E t \in Producers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

FromLimitSpec == Init /\ [][FromLimitNext]_vars
=============================================================================
