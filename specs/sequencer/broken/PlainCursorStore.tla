--------------------------- MODULE PlainCursorStore ---------------------------
(* BROKEN SIBLING (f): the cursor is advanced by a plain store of the run's *)
(* end, top, without comparing.  A publisher holding a stale run writes it   *)
(* after others moved the cursor further.                                    *)
(* Caught by: CursorNeverMovesBack (action property).                        *)
(******************************************************************************)
EXTENDS PendingList

StoreCursor(p) ==       \* replaces CasCursor: cursor = top, unconditionally
    /\ pc[p] = "cas"
    /\ cursor' = top[p]
    /\ work' = [work EXCEPT ![p] = @ + (top[p] - expected[p])]
    /\ expected' = [expected EXCEPT ![p] = top[p]]
    /\ Goto(p, "drain")
    /\ UNCHANGED <<next, consumed, pending, seq, lo, top, published, wasted>>

PlainStorePublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ StoreCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

PlainStoreNext == (\E p \in Publishers : PlainStorePublisher(p)) \/ Consume \/ Terminating

PlainStoreSpec ==
    /\ Init
    /\ [][PlainStoreNext]_vars
    /\ \A p \in Publishers : WF_vars(PlainStorePublisher(p))
    /\ WF_vars(Consume)
=============================================================================
