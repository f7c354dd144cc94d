------------------------- MODULE RacyConsumerClaim -------------------------
(* BROKEN SIBLING of ConsumerHandover: the consumer role is claimed by a    *)
(* plain check-then-act, a load of the role and, if it was free, a store   *)
(* of the thread (the single-consumer guard ShardedBuffer.java had before: *)
(* a plain field). Two threads that poll a free buffer at once both load   *)
(* "free", both store themselves, and both go on as the consumer.          *)
(* Caught by: SingleConsumer (invariant).                                  *)
(*****************************************************************************)
EXTENDS ConsumerHandover

VARIABLE saw    \* per thread: the role it loaded, or "none yet" (a local)

NotLoaded == "none yet"

(* replaces ClaimConsumer: the load *)
LoadRole(c) ==
    /\ alive[c] /\ ~holds[c] /\ saw[c] = NotLoaded
    /\ saw' = [saw EXCEPT ![c] = role]
    /\ UNCHANGED roleVars /\ UNCHANGED vars

(* ... and the store, if the load found the role free; else the poll is refused *)
StoreRole(c) ==
    /\ saw[c] # NotLoaded
    /\ IF saw[c] = NoThread THEN Claims(c) ELSE UNCHANGED <<role, holds>>
    /\ saw' = [saw EXCEPT ![c] = NotLoaded]
    /\ UNCHANGED <<alive, handovers>> /\ UNCHANGED vars

RacyNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED <<roleVars, saw>>
    \/ \E c \in Pollers : ReleaseConsumer(c) /\ UNCHANGED saw
    \/ \E c \in Pollers : (Terminate(c) \/ Consume(c)) /\ UNCHANGED saw
    \/ \E c \in Pollers : LoadRole(c) \/ StoreRole(c)
    \/ Terminating /\ UNCHANGED <<roleVars, saw>>

RacySpec == HandoverInit /\ saw = [c \in Pollers |-> NotLoaded] /\ [][RacyNext]_<<handoverVars, saw>>
=============================================================================
