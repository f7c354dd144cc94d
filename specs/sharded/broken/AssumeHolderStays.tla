------------------------- MODULE AssumeHolderStays -------------------------
(* BROKEN SIBLING of ConsumerHandover: the code the jcstress test           *)
(* ConsumerClaimTest caught. CheckHolder assumes that the holder its CAS   *)
(* found still holds the role, and asks whether it is alive; it is not,   *)
(* so the CAS is tried again from it. But the holder can release the role  *)
(* and terminate between the CAS and the check: the next CAS finds nobody, *)
(* and the check of nobody is witness.isAlive() on null, a                 *)
(* NullPointerException in the middle of a poll.                          *)
(* Caught by: the Assert below (TLC reports an assertion failure).         *)
(*****************************************************************************)
EXTENDS ConsumerHandover, TLC

(* replaces CheckHolder: Java `if (witness.isAlive()) refuse; else expected = witness` *)
CheckAssumedHolder(c) ==
    /\ rpc[c] = "check"
    /\ Assert(witness[c] # NoThread, "NullPointerException: witness.isAlive() with no witness")
    /\ IF alive[witness[c]]
          THEN SetRpc(c, "refused") /\ UNCHANGED expected
          ELSE SetRpc(c, "cas") /\ expected' = [expected EXCEPT ![c] = witness[c]]
    /\ UNCHANGED <<role, holds, alive, handovers, witness>> /\ UNCHANGED vars

ClaimAssuming(c) == LoadRole(c) \/ ClaimConsumer(c) \/ CheckAssumedHolder(c) \/ Retry(c)

AssumeNext ==
    \/ \E p \in Producers : Producer(p) /\ UNCHANGED roleVars
    \/ \E c \in Pollers : ClaimAssuming(c) \/ ReleaseConsumer(c) \/ Terminate(c) \/ Consume(c)
    \/ Terminating /\ UNCHANGED roleVars

AssumeSpec == HandoverInit /\ [][AssumeNext]_handoverVars
=============================================================================
