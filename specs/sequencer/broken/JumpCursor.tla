------------------------------ MODULE JumpCursor ------------------------------
(* BROKEN SIBLING (e): instead of CAS(expected, top), the publisher         *)
(* moves the cursor straight to its own sequence (cursor = max(cursor, seq), *)
(* as an atomic getAndAccumulate would).  It skips sequences that nobody has *)
(* published yet, and a consumer reads their empty slots.                    *)
(* Caught by: CursorJumpsOnlyOverRuns (action property),                     *)
(* CursorOnlyCoversPublished and WorkPaidByParks (invariants) and the        *)
(* refinement of Sequencer (Refinement), one model each.                     *)
(******************************************************************************)
EXTENDS PendingList

JumpToOwn(p) ==         \* replaces CasCursor
    /\ pc[p] = "cas"
    /\ cursor' = Max(cursor, seq[p])
    /\ work' = [work EXCEPT ![p] = @ + (cursor' - cursor)]
    /\ expected' = [expected EXCEPT ![p] = Max(cursor, seq[p])]   \* the drain loads above it
    /\ top' = [top EXCEPT ![p] = Max(cursor, seq[p])]
    /\ Goto(p, "drain")
    /\ UNCHANGED <<next, consumed, pending, seq, lo, published, wasted>>

JumpCursorPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ JumpToOwn(p) \/ CasOverBatch(p) \/ LoadPending(p)

JumpCursorNext == (\E p \in Publishers : JumpCursorPublisher(p)) \/ Consume \/ Terminating

JumpCursorSpec ==
    /\ Init
    /\ [][JumpCursorNext]_vars
    /\ \A p \in Publishers : WF_vars(JumpCursorPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
