------------------------------ MODULE RacyClaim ------------------------------
(* BROKEN SIBLING (d): the claim is a read of `next` followed by a separate *)
(* write of next + 1 instead of one incrementAndGet.  Two publishers read   *)
(* the same value and claim the same sequence.                              *)
(* Caught by: ClaimsUnique (invariant).                                     *)
(*****************************************************************************)
EXTENDS PendingList

ASSUME MaxBatch = 1      \* batch size 1: the racy claim takes one sequence

ClaimRead(p) ==         \* seq = next + 1 (a plain read)
    /\ pc[p] = "claim"
    /\ next < N - 1
    /\ seq' = [seq EXCEPT ![p] = next + 1]
    /\ lo' = [lo EXCEPT ![p] = next + 1]
    /\ wasted' = [wasted EXCEPT ![p] = 0]
    /\ work' = [work EXCEPT ![p] = 0]
    /\ Goto(p, "claimWrite")
    /\ UNCHANGED <<next, cursor, consumed, pending, expected, top, published>>

ClaimWrite(p) ==        \* next = seq (a plain write)
    /\ pc[p] = "claimWrite"
    /\ next' = seq[p]
    /\ Goto(p, "await")
    /\ UNCHANGED <<cursor, consumed, pending, seq, lo, expected, top, published, wasted, work>>

RacyClaimPublisher(p) ==
    \/ ClaimRead(p) \/ ClaimWrite(p) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

RacyClaimNext == (\E p \in Publishers : RacyClaimPublisher(p)) \/ Consume \/ Terminating

RacyClaimSpec ==
    /\ Init
    /\ [][RacyClaimNext]_vars
    /\ \A p \in Publishers : WF_vars(RacyClaimPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
