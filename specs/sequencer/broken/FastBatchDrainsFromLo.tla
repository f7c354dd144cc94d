-------------------------- MODULE FastBatchDrainsFromLo --------------------------
(* BROKEN SIBLING (k): the fast path's drain resumes from its batch's lo,  *)
(* not its hi: after CAS(lo - 1, hi) the publisher loads the pending entry *)
(* of lo + 1 (expected = top = lo instead of hi), as a CAS of one sequence *)
(* would leave them. For a batch of one the two agree, so every single-sequence test  *)
(* passes; for a batch of several, lo + 1 is inside the batch, which the   *)
(* fast path never parks, so the load finds nothing and the call returns.  *)
(* A successor that parked hi + 1 while the cursor was below lo, and lost  *)
(* its CAS, is never drained.                                              *)
(* Caught by: EventuallyVisible (liveness).                                *)
(*******************************************************************************)
EXTENDS PendingList

CasOverBatchFromLo(p) ==   \* CasOverBatch, with the drain's start off by the batch
    /\ pc[p] = "casbatch"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = seq[p]
               /\ work' = [work EXCEPT ![p] = @ + (seq[p] - lo[p] + 1)]
               /\ expected' = [expected EXCEPT ![p] = lo[p]]
               /\ top' = [top EXCEPT ![p] = lo[p]]
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work, expected, top>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, published>>

FromLoPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatchFromLo(p) \/ LoadPending(p)

FromLoNext == (\E p \in Publishers : FromLoPublisher(p)) \/ Consume \/ Terminating

FromLoSpec ==
    /\ Init
    /\ [][FromLoNext]_vars
    /\ \A p \in Publishers : WF_vars(FromLoPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
