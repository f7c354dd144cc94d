---------------------------- MODULE ModuloCounters ----------------------------
(* BROKEN ABSTRACTION (of ShardedBufferForever, not of the Java code): the   *)
(* finite-counter model one might write first. Counters are kept modulo      *)
(* M = 4C and compared by their signed difference, as in Vyukov's queue with *)
(* wrapping integers, instead of being rebased each lap. Every difference    *)
(* of fresh values stays within (-M/2, M/2], but a producer's loaded tail    *)
(* can be stale by any amount: stalled between LoadTail and CasTail while    *)
(* the tail goes round M, its CAS succeeds (ABA) and it writes a slot that   *)
(* holds an unconsumed item. 64-bit counters exclude this (2^63 offers       *)
(* during one stall); the rebase in ShardedBufferForever excludes it by      *)
(* renaming, not by wrapping. Caught by: NoSlotOverwrite (action property).  *)
(*****************************************************************************)
EXTENDS ShardedBufferForever

M == 4 * C
Wrap(x) == x % M
\* the signed difference a - b, in (-M/2, M/2]
Diff(a, b) == LET d == (a - b) % M IN IF d > M \div 2 THEN d - M ELSE d

LoadSlotSeqMod(p) ==        \* replaces LoadSlotSeq: compare by the signed difference
    /\ pc[p] = "seq"
    /\ LET d == Diff(seq[sh[p]][Index(t[p])], t[p]) IN
       Goto(p, CASE d = 0 -> "cas" [] d < 0 -> "full" [] OTHER -> "tail")
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

CasTailMod(p) ==            \* replaces CasTail: tail + 1 modulo M
    /\ pc[p] = "cas"
    /\ IF tail[sh[p]] = t[p]
          THEN tail' = [tail EXCEPT ![sh[p]] = Wrap(t[p] + 1)] /\ Goto(p, "write")
          ELSE UNCHANGED tail /\ Goto(p, "tail")
    /\ UNCHANGED <<seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

PublishSeqMod(p) ==         \* replaces PublishSeqForever: t + 1 modulo M
    /\ pc[p] = "publish"
    /\ seq' = [seq EXCEPT ![sh[p]][Index(t[p])] = Wrap(t[p] + 1)]
    /\ sent' = [sent EXCEPT ![p] = (@ + 1) % Items]
    /\ Goto(p, "tail")
    /\ UNCHANGED <<tail, item, sh, t>> /\ UNCHANGED consumerVars

ConsumerLoadSeqMod ==       \* replaces ConsumerLoadSeq: h + 1 modulo M
    /\ cpc = "seq"
    /\ IF seq[cs][Index(head[cs])] = Wrap(head[cs] + 1)
          THEN cpc' = "read" /\ UNCHANGED <<cs, taken>>
          ELSE NextShard /\ UNCHANGED cpc
    /\ UNCHANGED <<tail, head, seq, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

ConsumerReleaseMod ==       \* replaces ConsumerRelease: h + C modulo M
    /\ cpc = "release"
    /\ seq' = [seq EXCEPT ![cs][Index(head[cs])] = Wrap(head[cs] + C)]
    /\ cpc' = "advance"
    /\ UNCHANGED <<tail, head, item, cs, taken, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

ConsumerAdvanceMod ==       \* replaces ConsumerAdvanceLap: h + 1 modulo M, no rebase
    /\ cpc = "advance"
    /\ head' = [head EXCEPT ![cs] = Wrap(@ + 1)]
    /\ cpc' = "seq"
    /\ IF taken + 1 = Batch THEN NextShard ELSE taken' = taken + 1 /\ UNCHANGED cs
    /\ UNCHANGED <<tail, seq, item, got, sent, received>> /\ UNCHANGED <<pc, sh, t>>

ModProducer(p) == LoadTail(p) \/ LoadSlotSeqMod(p) \/ CasTailMod(p) \/ WriteItem(p) \/ PublishSeqMod(p)
ModConsumer == ConsumerLoadSeqMod \/ ReadItemForever \/ ConsumerClear \/ ConsumerReleaseMod \/ ConsumerAdvanceMod

ModNext == (\E p \in Producers : ModProducer(p)) \/ ModConsumer
ModSpec == Init /\ [][ModNext]_vars
=============================================================================
