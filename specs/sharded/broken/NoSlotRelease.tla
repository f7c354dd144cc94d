---------------------------- MODULE NoSlotRelease ----------------------------
(* BROKEN SIBLING: the consumer never frees a slot (no seq = head + C).   *)
(* Once every slot of a shard has been used, every offer finds it full,      *)
(* forever. Caught by: EveryProducerFinishes (liveness).                     *)
(*****************************************************************************)
EXTENDS ShardedBuffer

SkipRelease ==              \* replaces ConsumerRelease: straight on to advance
    /\ cpc = "release"
    /\ cpc' = "advance"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

HoardingConsumer == ConsumerLoadSeq \/ ConsumerReadItem \/ ConsumerClear \/ SkipRelease \/ ConsumerAdvance

HoardingNext == (\E p \in Producers : Producer(p)) \/ (HoardingConsumer /\ ~AllConsumed) \/ Terminating
HoardingSpec ==
    /\ Init /\ [][HoardingNext]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(HoardingConsumer /\ ~AllConsumed)
=============================================================================
