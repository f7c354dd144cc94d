-------------------- MODULE AvailabilityClaimIgnoresGating --------------------
(* BROKEN SIBLING of ../AvailabilitySequencer.tla: the claim ignores the    *)
(* gating sequence. next(n) returns at once after the getAndAdd, without    *)
(* the cache or the gating wait, and the user writes the event of a         *)
(* sequence one lap ahead into a slot whose event the consumer has not read *)
(* yet: it is overwritten.                                                  *)
(* Caught by: EventNeverOverwritten (action property).                      *)
(*******************************************************************************)
EXTENDS AvailabilitySequencer

\* Claim, then straight to the event writes
ClaimUngated(p, n) ==
    /\ pc[p] = "claim"
    /\ next + n <= N - 1
    /\ next' = next + n
    /\ lo' = [lo EXCEPT ![p] = next + 1]
    /\ hi' = [hi EXCEPT ![p] = next + n]
    /\ pos' = [pos EXCEPT ![p] = next + 1]
    /\ Goto(p, "write")
    /\ UNCHANGED <<gatingCache, consumed, availableBuffer, ring, cursor, published>>
    /\ UNCHANGED consumerVars

UngatedPublisher(p) ==
    \/ \E n \in 1 .. MaxBatch : ClaimUngated(p, n)
    \/ WriteEvent(p) \/ SetAvailable(p)

UngatedNext == (\E p \in Publishers : UngatedPublisher(p)) \/ Consumer \/ Terminating

UngatedSpec ==
    /\ Init
    /\ [][UngatedNext]_vars
    /\ \A p \in Publishers : WF_vars(UngatedPublisher(p))
    /\ WF_vars(Consumer)
=============================================================================
