------------------------- MODULE RacyConsumerClaim -------------------------
(* BROKEN SIBLING of ConsumerHandover: the consumer role is claimed by a    *)
(* plain check-then-act instead of the CAS: a load of the role and, if it  *)
(* was what the thread expected, a store of the thread (the               *)
(* single-consumer guard ShardedBuffer.java had before: a plain field).    *)
(* Two threads that poll a free buffer at once both load "free", both     *)
(* store themselves, and both go on as the consumer.                       *)
(* Caught by: SingleConsumer (invariant).                                  *)
(*****************************************************************************)
EXTENDS ConsumerHandover

VARIABLE saw    \* per thread: the role its load found (a local)

(* replaces ClaimConsumer: the load ... *)
LoadForClaim(c) ==
    /\ rpc[c] = "cas"
    /\ saw' = [saw EXCEPT ![c] = role]
    /\ SetRpc(c, "store")
    /\ UNCHANGED <<role, holds, alive, handovers, expected, witness>> /\ UNCHANGED vars

(* ... then the store, if the load found what the thread expected *)
StoreIfSeen(c) ==
    /\ rpc[c] = "store"
    /\ IF saw[c] = expected[c]
          THEN role' = c /\ holds' = [holds EXCEPT ![c] = TRUE] /\ SetRpc(c, "idle") /\ UNCHANGED witness
          ELSE witness' = [witness EXCEPT ![c] = saw[c]] /\ SetRpc(c, "check") /\ UNCHANGED <<role, holds>>
    /\ UNCHANGED <<alive, handovers, expected, saw>> /\ UNCHANGED vars

RacyNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED <<roleVars, saw>>
    \/ \E c \in Pollers : (LoadRole(c) \/ CheckHolder(c) \/ Retry(c) \/ ReleaseConsumer(c) \/ Terminate(c)
                           \/ Consume(c)) /\ UNCHANGED saw
    \/ \E c \in Pollers : LoadForClaim(c) \/ StoreIfSeen(c)
    \/ Terminating /\ UNCHANGED <<roleVars, saw>>

RacySpec == HandoverInit /\ saw = [c \in Pollers |-> NoThread] /\ [][RacyNext]_<<handoverVars, saw>>
=============================================================================
