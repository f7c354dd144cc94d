----------------------------- MODULE NoTakeOver -----------------------------
(* BROKEN SIBLING of ConsumerHandover: a role whose holder has terminated   *)
(* is never taken over: CheckHolder refuses the poll whenever the CAS found *)
(* a thread, alive or not. A consumer thread that ends without releasing   *)
(* the role leaves the buffer without a consumer for good: accepted items  *)
(* are never consumed.                                                     *)
(* Caught by: EveryAcceptedItemConsumed (liveness).                        *)
(*****************************************************************************)
EXTENDS ConsumerHandover

(* replaces CheckHolder: any holder found refuses the poll *)
CheckAnyHolder(c) ==
    /\ rpc[c] = "check"
    /\ IF witness[c] # NoThread
          THEN SetRpc(c, "refused") /\ UNCHANGED expected
          ELSE SetRpc(c, "cas") /\ expected' = [expected EXCEPT ![c] = NoThread]
    /\ UNCHANGED <<role, holds, alive, handovers, witness>> /\ UNCHANGED vars

ClaimNoTakeOver(c) == LoadRole(c) \/ ClaimConsumer(c) \/ CheckAnyHolder(c) \/ Retry(c)

NoTakeOverNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED roleVars
    \/ \E c \in Pollers : ClaimNoTakeOver(c) \/ ReleaseConsumer(c) \/ Terminate(c) \/ Consume(c)
    \/ Terminating /\ UNCHANGED roleVars

NoTakeOverSpec ==
    /\ HandoverInit /\ [][NoTakeOverNext]_handoverVars
    /\ \A p \in Producers : WF_handoverVars(Producer(p) /\ UNCHANGED roleVars)
    /\ \A c \in Pollers : WF_handoverVars(ClaimNoTakeOver(c))
    /\ \A c \in Pollers : WF_handoverVars(Consume(c))
=============================================================================
