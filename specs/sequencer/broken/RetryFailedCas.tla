---------------------------- MODULE RetryFailedCas ----------------------------
(* BROKEN SIBLING (g): a failed CAS is retried instead of ending the call.   *)
(* The failure meant that another publisher advanced the cursor; once it has *)
(* drained past this publisher's sequence, CAS(expected, expected + 1) can   *)
(* never succeed again, and the publish call never returns.                  *)
(* Caught by: EveryPublishReturns (liveness).                                *)
(******************************************************************************)
EXTENDS PendingList

CasOrRetry(p) ==        \* replaces CasCursor: on failure, stay and try again
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = expected[p] + 1
               /\ work' = [work EXCEPT ![p] = @ + 1]
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Waste(p)
               /\ UNCHANGED <<cursor, pc, work>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, published>>

RetryPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasOrRetry(p) \/ CasOverBatch(p) \/ LoadPending(p)

RetryNext == (\E p \in Publishers : RetryPublisher(p)) \/ Consume \/ Terminating

RetrySpec ==
    /\ Init
    /\ [][RetryNext]_vars
    /\ \A p \in Publishers : WF_vars(RetryPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
