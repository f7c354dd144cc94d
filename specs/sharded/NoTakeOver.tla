----------------------------- MODULE NoTakeOver -----------------------------
(* BROKEN SIBLING of ConsumerHandover: a role whose holder has terminated   *)
(* is never taken over (the claim is only CAS(null, me), and a poll that    *)
(* finds another thread in the role is refused, alive or not). A consumer   *)
(* thread that ends without releasing the role leaves the buffer without a *)
(* consumer for good: accepted items are never consumed.                   *)
(* Caught by: EveryAcceptedItemConsumed (liveness).                        *)
(*****************************************************************************)
EXTENDS ConsumerHandover

NoTakeOverNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED roleVars
    \/ \E c \in Pollers : ClaimConsumer(c) \/ ReleaseConsumer(c) \/ Terminate(c) \/ Consume(c)
    \/ Terminating /\ UNCHANGED roleVars

NoTakeOverSpec ==
    /\ HandoverInit /\ [][NoTakeOverNext]_handoverVars
    /\ \A p \in Producers : WF_handoverVars(Producer(p) /\ UNCHANGED roleVars)
    /\ \A c \in Pollers : WF_handoverVars(ClaimConsumer(c))
    /\ \A c \in Pollers : WF_handoverVars(Consume(c))
=============================================================================
