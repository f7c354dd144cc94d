-------------------------------- MODULE ParkFlag --------------------------------
(* BROKEN SIBLING (h): the pending array holds a flag, "something is       *)
(* parked in this slot", instead of the full sequence, and is never        *)
(* cleared. The drainer's check becomes pending[(e + 1) & mask] # empty,   *)
(* and the entry a publisher parked one lap earlier (sequence              *)
(* e + 1 - PendingSize, long drained) still sets it: the drainer moves the *)
(* cursor over e + 1 although nobody has parked it. Storing the sequence   *)
(* (PendingList's Park) makes a stale entry never match.                   *)
(* Caught by: CursorOnlyCoversPublished (invariant).                       *)
(*******************************************************************************)
EXTENDS PendingList

LoadPendingFlag(p) ==   \* LoadPending, testing the flag: any entry counts
    /\ pc[p] = "drain"
    /\ LET e == expected[p] + 1
       IN  /\ expected' = [expected EXCEPT ![p] = e]
           /\ Goto(p, IF pending[Slot(e + 1)] # -1 THEN "cas" ELSE "claim")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, published, wasted, work>>

ParkFlagPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPendingFlag(p)

ParkFlagNext == (\E p \in Publishers : ParkFlagPublisher(p)) \/ Consume \/ Terminating

ParkFlagSpec ==
    /\ Init
    /\ [][ParkFlagNext]_vars
    /\ \A p \in Publishers : WF_vars(ParkFlagPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
