------------------------- MODULE ReadCursorNoEarlyReturn -------------------------
(* BROKEN SIBLING (o): "the CAS will fail anyway". The slow path's        *)
(* ReadCursor drops its early return (cursor >= hi: someone drained past   *)
(* us) and CASes from max(lo - 1, c) = c to hi regardless. The CAS does    *)
(* not fail: the cursor is at c, the value just read. When another         *)
(* publisher's drain has already moved it past hi, that CAS moves the      *)
(* cursor back, under sequences the consumer may already have read.       *)
(* Caught by: CursorNeverMovesBack (action property).                      *)
(*******************************************************************************)
EXTENDS PendingList

ReadCursorAlwaysCas(p) ==   \* ReadCursor without the early return
    /\ pc[p] = "read"
    /\ expected' = [expected EXCEPT ![p] = Max(lo[p] - 1, cursor)]
    /\ top' = [top EXCEPT ![p] = seq[p]]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, published, wasted, work>>

AlwaysCasPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursorAlwaysCas(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

AlwaysCasNext == (\E p \in Publishers : AlwaysCasPublisher(p)) \/ Consume \/ Terminating

AlwaysCasSpec ==
    /\ Init
    /\ [][AlwaysCasNext]_vars
    /\ \A p \in Publishers : WF_vars(AlwaysCasPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
