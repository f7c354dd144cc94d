----------------------------- MODULE FastPathNoDrain -----------------------------
(* BROKEN SIBLING (j): "on the fast path I am next, so CAS and return". A  *)
(* publisher whose guard found its predecessor visible CASes the cursor    *)
(* onto lo and returns, without loading the pending entry of lo + 1. A     *)
(* successor that parked lo + 1 while the cursor was still below lo (its   *)
(* own cursor load saw it behind), and whose CAS then lost, relies on      *)
(* whoever moves the cursor onto lo to drain it: nobody does. The fast     *)
(* path saves the park, not the drain: PendingList's fast CAS goes on to   *)
(* LoadPending like any other.                                             *)
(* Caught by: EventuallyVisible (liveness).                                *)
(*******************************************************************************)
EXTENDS PendingList

\* p's CAS is its fast-path CAS: it expects lo - 1, and lo was never parked.
FastCas(p) == expected[p] = lo[p] - 1 /\ pending[Slot(lo[p])] # lo[p]

CasCursorNoDrain(p) ==  \* CasCursor; after a successful fast CAS, return at once
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = expected[p] + 1
               /\ work' = [work EXCEPT ![p] = @ + 1]
               /\ Goto(p, IF FastCas(p) THEN "claim" ELSE "drain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, published>>

NoDrainPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursorNoDrain(p) \/ LoadPending(p)

NoDrainNext == (\E p \in Publishers : NoDrainPublisher(p)) \/ Consume \/ Terminating

NoDrainSpec ==
    /\ Init
    /\ [][NoDrainNext]_vars
    /\ \A p \in Publishers : WF_vars(NoDrainPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
