------------------------------ MODULE Channels ------------------------------
(***************************************************************************)
(* What the sharded buffer promises, with no algorithm in it: each         *)
(* producer has a FIFO channel to the one consumer; an offer is accepted   *)
(* only while its shard holds fewer than C items not yet delivered; the    *)
(* consumer receives, at any moment, the oldest undelivered item of some   *)
(* producer: per-producer FIFO, no global order. Producers sharing a shard *)
(* share its capacity. Delivery is fair: every accepted item is received.  *)
(*                                                                         *)
(* ShardedBuffer.tla refines it (property Refinement) with the identity    *)
(* mapping of `sent` (items accepted per producer) and `received` (items   *)
(* delivered, in order).                                                   *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets

CONSTANTS P, S, C, Items

Producers == 1 .. P
ShardOf(p) == p % S

VARIABLES sent, received

Delivered(p) == Cardinality({i \in DOMAIN received : received[i][1] = p})
InShard(s) == {p \in Producers : ShardOf(p) = s}
Pending(s) == LET ps == InShard(s) IN
              IF ps = {} THEN 0
              ELSE LET Sum[q \in SUBSET ps] ==
                          IF q = {} THEN 0
                          ELSE LET x == CHOOSE y \in q : TRUE
                               IN (sent[x] - Delivered(x)) + Sum[q \ {x}]
                   IN Sum[ps]

Init == sent = [p \in Producers |-> 0] /\ received = <<>>

Accept(p) ==
    /\ sent[p] < Items
    /\ Pending(ShardOf(p)) < C
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ UNCHANGED received

Deliver(p) ==
    /\ Delivered(p) < sent[p]
    /\ received' = Append(received, <<p, Delivered(p) + 1>>)
    /\ UNCHANGED sent

Next == \E p \in Producers : Accept(p) \/ Deliver(p)

Spec == Init /\ [][Next]_<<sent, received>> /\ \A p \in Producers : WF_<<sent, received>>(Deliver(p))
=============================================================================
