---------------------------- MODULE RunFromReadCursor ----------------------------
(* BROKEN SIBLING (m): "the run starts where I found the cursor". On the   *)
(* slow path a publisher CASes the cursor from the value it read up to the *)
(* end of its batch: expected = c, where PendingList takes                 *)
(* max(lo - 1, c). When c is below lo - 1, the run c + 1 .. hi holds       *)
(* sequences other publishers claimed and may not have published yet: the *)
(* CAS succeeds if the cursor is still at c, and the consumer reads their *)
(* empty slots. The run a publisher may CAS over without looking is its   *)
(* own parked batch, nothing below it.                                    *)
(* Caught by: CursorOnlyCoversPublished (invariant).                       *)
(*******************************************************************************)
EXTENDS PendingList

ReadCursorRun(p) ==     \* ReadCursor with expected = c
    /\ pc[p] = "read"
    /\ IF cursor >= seq[p]
          THEN /\ Goto(p, "claim")
               /\ UNCHANGED <<expected, top>>
          ELSE /\ expected' = [expected EXCEPT ![p] = cursor]
               /\ top' = [top EXCEPT ![p] = seq[p]]
               /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, published, wasted, work>>

FromReadPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursorRun(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

FromReadNext == (\E p \in Publishers : FromReadPublisher(p)) \/ Consume \/ Terminating

FromReadSpec ==
    /\ Init
    /\ [][FromReadNext]_vars
    /\ \A p \in Publishers : WF_vars(FromReadPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
