----------------------------- MODULE GuardOffByOne -----------------------------
(* BROKEN SIBLING (b): the back-pressure guard is off by one: it lets a     *)
(* publisher park while hi - cursor <= PendingSize + 1 instead of           *)
(* <= PendingSize. The publisher one beyond the bound parks into the slot   *)
(* of cursor + 1, which may still hold a parked, unpublished sequence, and  *)
(* overwrites it. (No guard at all fails the same way; the off-by-one shows *)
(* that the bound is exact.)                                                *)
(* Caught by: ParkedNeverOverwritten (action property).                     *)
(*******************************************************************************)
EXTENDS PendingList

GuardOffByOne(p) ==     \* Guard with the bound one too large
    /\ pc[p] = "guard"
    /\ seq[p] - cursor <= PendingSize + 1
    /\ Goto(p, "park")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, top, published, wasted, work>>

OffByOnePublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ GuardOffByOne(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ LoadPending(p)

OffByOneNext == (\E p \in Publishers : OffByOnePublisher(p)) \/ Consume \/ Terminating

OffByOneSpec ==
    /\ Init
    /\ [][OffByOneNext]_vars
    /\ \A p \in Publishers : WF_vars(OffByOnePublisher(p))
    /\ WF_vars(Consume)
=============================================================================
