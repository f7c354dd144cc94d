-------------------------------- MODULE ParkFlag --------------------------------
(* BROKEN SIBLING (h): the pending array holds a flag, "something is       *)
(* parked in this slot", instead of the full sequence, and is never        *)
(* cleared. The drain's check becomes pending[(top + 1) & mask] # empty,   *)
(* and the entry a publisher parked one lap earlier (sequence              *)
(* top + 1 - PendingSize, long drained) still sets it: the run grows over  *)
(* top + 1 and the drainer moves the cursor over it although nobody has    *)
(* parked it. Storing the sequence                                         *)
(* (PendingList's Park) makes a stale entry never match.                   *)
(* Caught by: CursorOnlyCoversPublished (invariant).                       *)
(*******************************************************************************)
EXTENDS PendingList

LoadPendingFlag(p) ==   \* LoadPending, testing the flag: any entry counts
    /\ pc[p] = "drain"
    /\ LET s == top[p] + 1
       IN  IF pending[Slot(s)] # -1
              THEN /\ top' = [top EXCEPT ![p] = s]
                   /\ Goto(p, IF s - expected[p] < PendingSize THEN "drain" ELSE "cas")
              ELSE /\ Goto(p, IF top[p] > expected[p] THEN "cas" ELSE "claim")
                   /\ UNCHANGED top
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, published, wasted, work>>

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
