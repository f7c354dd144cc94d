---------------------------- MODULE RetryFailedCas ----------------------------
(* BROKEN SIBLING (g): a failed CAS is retried instead of ending the call.   *)
(* The failure meant that another publisher advanced the cursor; once it has *)
(* drained past this publisher's sequence, CAS(expected, top) can never    *)
(* succeed again, and the publish call never returns.                        *)
(* Caught by: EveryPublishReturns (liveness).                                *)
(******************************************************************************)
EXTENDS PendingList

CasOrRetry(p) ==        \* replaces CasCursor: on failure, stay and try again
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = top[p]
               /\ work' = [work EXCEPT ![p] = @ + (top[p] - expected[p])]
               /\ expected' = [expected EXCEPT ![p] = top[p]]
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Waste(p)
               /\ UNCHANGED <<cursor, pc, work, expected>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, top, published>>

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
