---------------------------- MODULE PeekConsumer ----------------------------
(* BROKEN SIBLING: the consumer peeks instead of polling: after reading an  *)
(* item it goes straight back to the slot's sequence, without clearing,     *)
(* freeing or advancing. The same item is delivered again.                  *)
(* Caught by: NoDuplicates (invariant).                                     *)
(*****************************************************************************)
EXTENDS ShardedBuffer

ReadAndStay ==              \* replaces ConsumerReadItem: read, then load the same slot again
    /\ cpc = "read"
    /\ got' = item[cs][Index(head[cs])]
    /\ received' = Append(received, item[cs][Index(head[cs])])
    /\ cpc' = "seq"
    /\ UNCHANGED <<tail, head, seq, item, cs, taken, sent>> /\ UNCHANGED <<pc, sh, t>>

PeekingConsumer == ConsumerLoadSeq \/ ReadAndStay

PeekNext == (\E p \in Producers : Producer(p)) \/ (PeekingConsumer /\ Len(received) < P * Items) \/ Terminating
PeekSpec ==
    /\ Init /\ [][PeekNext]_vars
    /\ \A p \in Producers : WF_vars(Producer(p))
    /\ WF_vars(PeekingConsumer /\ Len(received) < P * Items)
=============================================================================
