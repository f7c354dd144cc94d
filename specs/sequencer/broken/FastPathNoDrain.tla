----------------------------- MODULE FastPathNoDrain -----------------------------
(* BROKEN SIBLING (j): "on the fast path I am next, so CAS and return". A  *)
(* publisher whose guard found its predecessor visible CASes the cursor    *)
(* over its batch and returns, without loading the pending entry of        *)
(* hi + 1. A successor that parked hi + 1 while the cursor was still below *)
(* lo (its own cursor load saw it behind), and whose CAS then lost, relies *)
(* on whoever moves the cursor onto hi to drain it: nobody does. The fast  *)
(* path saves the parks, not the drain: PendingList's CasOverBatch goes on *)
(* to LoadPending like any other successful CAS.                           *)
(* Caught by: EventuallyVisible (liveness).                                *)
(*******************************************************************************)
EXTENDS PendingList

CasOverBatchNoDrain(p) ==  \* CasOverBatch, returning at once after a success
    /\ pc[p] = "casbatch"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = seq[p]
               /\ work' = [work EXCEPT ![p] = @ + (seq[p] - lo[p] + 1)]
               /\ Goto(p, "claim")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, top, published>>

NoDrainPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatchNoDrain(p) \/ LoadPending(p)

NoDrainNext == (\E p \in Publishers : NoDrainPublisher(p)) \/ Consume \/ Terminating

NoDrainSpec ==
    /\ Init
    /\ [][NoDrainNext]_vars
    /\ \A p \in Publishers : WF_vars(NoDrainPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
