---------------------------- MODULE RunIgnoresReadCursor ----------------------------
(* BROKEN SIBLING (n): "my batch is mine, so the run starts at lo - 1".    *)
(* On the slow path a publisher loads the cursor after its parks, but      *)
(* CASes from lo - 1 whatever it read, and never returns early: the load   *)
(* might as well not be there. While the batch was being parked, a        *)
(* drainer that follows the parks can move the cursor over its first       *)
(* sequences and stop at the next entry, not parked yet. The cursor is     *)
(* then inside the batch, the CAS from lo - 1 fails and the call ends,     *)
(* and nobody drains the rest: the drainer loaded that entry after its     *)
(* CAS, before the park. PendingList's ReadCursor CASes from               *)
(* max(lo - 1, c): the value read is the handshake's other half, not a     *)
(* formality. Batches of one cannot show it (their CAS expects seq - 1     *)
(* whatever is read below it, and a cursor at seq or above ends the call   *)
(* either way), which is why PendingList.cfg, with single sequences only  *)
(* in its slow path, passes this form.                                     *)
(* Caught by: EventuallyVisible (liveness).                                *)
(*******************************************************************************)
EXTENDS PendingList

ReadCursorIgnored(p) == \* ReadCursor whose value is not used: expected = lo - 1
    /\ pc[p] = "read"
    /\ expected' = [expected EXCEPT ![p] = lo[p] - 1]
    /\ top' = [top EXCEPT ![p] = seq[p]]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, published, wasted, work>>

IgnoresPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursorIgnored(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

IgnoresNext == (\E p \in Publishers : IgnoresPublisher(p)) \/ Consume \/ Terminating

IgnoresSpec ==
    /\ Init
    /\ [][IgnoresNext]_vars
    /\ \A p \in Publishers : WF_vars(IgnoresPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
