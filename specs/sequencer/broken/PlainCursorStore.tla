--------------------------- MODULE PlainCursorStore ---------------------------
(* BROKEN SIBLING (f): the cursor is advanced by a plain store of            *)
(* expected + 1, without comparing.  A publisher holding a stale `expected`  *)
(* writes it after others moved the cursor further.                          *)
(* Caught by: CursorNeverMovesBack (action property).                        *)
(******************************************************************************)
EXTENDS PendingList

StoreCursor(p) ==       \* replaces CasCursor: cursor = expected + 1, unconditionally
    /\ pc[p] = "cas"
    /\ cursor' = expected[p] + 1
    /\ work' = [work EXCEPT ![p] = @ + 1]
    /\ Goto(p, "drain")
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, published, wasted>>

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
