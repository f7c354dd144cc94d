---------------------------- MODULE ReleaseBeforeRead ----------------------------
(* BROKEN SIBLING: the consumer frees the slot (seq = head + C) before it  *)
(* reads the item. A producer of the next lap writes its item over the one   *)
(* not yet read. Caught by: NoSlotOverwrite (action property).               *)
(*****************************************************************************)
EXTENDS ShardedBuffer

LoadSeqThenRelease ==       \* replaces ConsumerLoadSeq: an item there? free the slot first
    /\ cpc = "seq"
    /\ ~AllConsumed            \* the next-state relation's guard, here so TLC labels each step
    /\ IF seq[cs][Index(head[cs])] = head[cs] + 1
          THEN cpc' = "release" /\ UNCHANGED <<cs, taken>>
          ELSE NextShard /\ UNCHANGED cpc
    /\ UNCHANGED <<tail, head, seq, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

ReleaseEarly ==             \* slot.seq = head + C, then read
    /\ cpc = "release"
    /\ seq' = [seq EXCEPT ![cs][Index(head[cs])] = head[cs] + C]
    /\ cpc' = "read"
    /\ UNCHANGED <<tail, head, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

ReadThenClear ==            \* read, then on to clear and advance
    /\ cpc = "read"
    /\ got' = item[cs][Index(head[cs])]
    /\ received' = Append(received, item[cs][Index(head[cs])])
    /\ cpc' = "clear"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, sent>> /\ UNCHANGED <<pc, sh, t>>

ClearThenAdvance ==
    /\ cpc = "clear"
    /\ item' = [item EXCEPT ![cs][Index(head[cs])] = None]
    /\ cpc' = "advance"
    /\ UNCHANGED <<tail, head, seq, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

EarlyReleaseConsumer == LoadSeqThenRelease \/ ReleaseEarly \/ ReadThenClear \/ ClearThenAdvance \/ ConsumerAdvance

EarlyReleaseNext == (\E p \in Producers : Producer(p))
                    \/ LoadSeqThenRelease \/ ReleaseEarly \/ ReadThenClear \/ ClearThenAdvance \/ ConsumerAdvance
                    \/ Terminating
EarlyReleaseSpec ==
    /\ Init /\ [][EarlyReleaseNext]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(EarlyReleaseConsumer /\ ~AllConsumed)
=============================================================================
