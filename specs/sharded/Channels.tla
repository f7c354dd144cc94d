------------------------------ MODULE Channels ------------------------------
(***************************************************************************)
(* What the sharded buffer promises, with no algorithm in it: each         *)
(* producer has a FIFO channel to the one consumer; an offer is accepted   *)
(* only while its shard holds fewer than C items not yet delivered, and    *)
(* refused (offer returns false) only while the shard holds C: a refusal  *)
(* is a step of this spec (Reject), not a stutter, so an implementation    *)
(* that refuses an offer to a shard with room does not refine it. The      *)
(* consumer receives, at any moment, the oldest undelivered item of some   *)
(* producer: per-producer FIFO, no global order. Producers sharing a shard *)
(* share its capacity. Delivery is fair: every accepted item is received.  *)
(*                                                                         *)
(* `refused[p]`: p's last offer returned false and p has not offered       *)
(* since; OfferAgain is p coming back with the same item.                  *)
(*                                                                         *)
(* ShardedBuffer.tla refines it (property Refinement): an offer takes      *)
(* effect at its tail CAS and a delivery at the consumer's release of the  *)
(* slot (the moments the shard's capacity is taken and given back); see    *)
(* the mapping there.                                                      *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS P, S, C, Items

Producers == 1 .. P
ShardOf(p) == p % S

VARIABLES sent, received, refused

chanVars == <<sent, received, refused>>

Delivered(p) == Cardinality({i \in DOMAIN received : received[i][1] = p})
InShard(s) == {p \in Producers : ShardOf(p) = s}
Pending(s) == LET ps == InShard(s) IN
              IF ps = {} THEN 0
              ELSE LET Sum[q \in SUBSET ps] ==
                          IF q = {} THEN 0
                          ELSE LET x == CHOOSE y \in q : TRUE
                               IN (sent[x] - Delivered(x)) + Sum[q \ {x}]
                   IN Sum[ps]

\* The shard holds C items not yet delivered.
Full(s) == Pending(s) >= C

Init == sent = [p \in Producers |-> 0] /\ received = <<>> /\ refused = [p \in Producers |-> FALSE]

\* offer returns true
Accept(p) ==
    /\ ~refused[p]
    /\ sent[p] < Items
    /\ ~Full(ShardOf(p))
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ UNCHANGED <<received, refused>>

\* offer returns false: only when the shard is full
Reject(p) ==
    /\ ~refused[p]
    /\ sent[p] < Items
    /\ Full(ShardOf(p))
    /\ refused' = [refused EXCEPT ![p] = TRUE]
    /\ UNCHANGED <<sent, received>>

\* after a refusal, the producer offers (the same item) again
OfferAgain(p) ==
    /\ refused[p]
    /\ refused' = [refused EXCEPT ![p] = FALSE]
    /\ UNCHANGED <<sent, received>>

Deliver(p) ==
    /\ Delivered(p) < sent[p]
    /\ received' = Append(received, <<p, Delivered(p) + 1>>)
    /\ UNCHANGED <<sent, refused>>

Next == \E p \in Producers : Accept(p) \/ Reject(p) \/ OfferAgain(p) \/ Deliver(p)

Spec == Init /\ [][Next]_chanVars /\ \A p \in Producers : WF_chanVars(Deliver(p))
=============================================================================
