---------------------------- MODULE PublishBeforeWrite ----------------------------
(* BROKEN SIBLING: the producer stores the slot's sequence (publishing it)  *)
(* before it writes the item: the consumer can see the sequence and read an  *)
(* empty slot. Caught by: NoStaleRead and OnlyAcceptedDelivered              *)
(* (invariants, one model each: the empty slot is delivered as an item       *)
(* never accepted).                                                          *)
(*****************************************************************************)
EXTENDS ShardedBuffer

PublishEarly(p) ==          \* after the CAS: slot.seq = t + 1 first ...
    /\ pc[p] = "write"
    /\ seq' = [seq EXCEPT ![sh[p]][Index(t[p])] = t[p] + 1]
    /\ Goto(p, "publish")
    /\ UNCHANGED <<tail, item, sh, t, sent>> /\ UNCHANGED consumerVars

WriteLate(p) ==             \* ... then slot.item = e; offer returns true
    /\ pc[p] = "publish"
    /\ item' = [item EXCEPT ![sh[p]][Index(t[p])] = Next1(p)]
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ Goto(p, IF sent[p] + 1 = Items THEN "done" ELSE "tail")
    /\ UNCHANGED <<tail, seq, sh, t>> /\ UNCHANGED consumerVars

EarlyProducer(p) == LoadTail(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ PublishEarly(p) \/ WriteLate(p)

(* The consumer's disjuncts are listed one by one, so that TLC labels each  *)
(* step with its action: only ConsumerLoadSeq can start once everything is  *)
(* consumed (AllConsumed needs cpc = "seq"), so only it carries the guard.  *)
ConsumerLoadSeqWhileItems == ~AllConsumed /\ ConsumerLoadSeq

EarlyNext == (\E p \in Producers : EarlyProducer(p)) \/ ConsumerLoadSeqWhileItems \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvance \/ Terminating
EarlySpec ==
    /\ Init /\ [][EarlyNext]_vars
    /\ \A p \in Producers : WF_vars(EarlyProducer(p))
    /\ WF_vars(Consumer /\ ~AllConsumed)
=============================================================================
