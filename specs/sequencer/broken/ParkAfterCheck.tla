--------------------------- MODULE ParkAfterCheck ---------------------------
(* BROKEN SIBLING (a): the publisher checks the cursor (load and CAS        *)
(* attempt) first and parks its sequence afterwards.  If its CAS fails      *)
(* because the predecessor has not advanced the cursor yet, and the         *)
(* predecessor's drain loads the pending slot before the late park, nobody  *)
(* ever advances the cursor over this sequence: the publication is lost.    *)
(*                                                                          *)
(* Merely swapping the park and the first cursor load (steps 2 and 3) is    *)
(* NOT enough to lose a publication under sequential consistency: the CAS   *)
(* that follows the park still checks the cursor after the park.  The loss  *)
(* needs the park to land after the failed CAS, which is what Java permits  *)
(* when the pending store is not ordered before the cursor CAS by a         *)
(* StoreLoad fence (a failed CAS is only a volatile read): e.g. a lazySet   *)
(* of the pending slot, on a machine with weak store ordering.              *)
(* Caught by: EventuallyVisible (liveness).                                 *)
(***************************************************************************)
EXTENDS PendingList

ASSUME MaxBatch = 1      \* batch size 1: ParkLate parks one sequence

GuardToRead(p) ==       \* as Guard, but on to the cursor load
    /\ pc[p] = "guard"
    /\ seq[p] - cursor <= PendingSize
    /\ Goto(p, "read")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, top, published, wasted, work>>

ReadCursorFirst(p) ==   \* step 3 first: c = cursor; expected = max(seq - 1, c)
    /\ pc[p] = "read"
    /\ expected' = [expected EXCEPT ![p] = Max(seq[p] - 1, cursor)]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, top, published, wasted, work>>

CasBeforePark(p) ==     \* step 4 before step 2: the CAS attempt, then the park
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = expected[p] + 1
               /\ work' = [work EXCEPT ![p] = @ + 1]
               /\ expected' = [expected EXCEPT ![p] = @ + 1]    \* the drain loads above the cursor
               /\ top' = [top EXCEPT ![p] = expected[p] + 1]
               /\ Goto(p, "parkThenDrain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "parkThenExit")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work, expected, top>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, published>>

ParkLate(p) ==          \* step 2, last: pending[seq & mask] = seq
    /\ pc[p] \in {"parkThenDrain", "parkThenExit"}
    /\ pending' = [pending EXCEPT ![Slot(seq[p])] = seq[p]]
    /\ published' = published \cup {seq[p]}
    /\ Goto(p, IF pc[p] = "parkThenDrain" THEN "drain" ELSE "claim")
    /\ UNCHANGED <<next, cursor, consumed, seq, lo, expected, top, wasted, work>>

ParkAfterCheckPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ GuardToRead(p) \/ ReadCursorFirst(p)
    \/ CasBeforePark(p) \/ ParkLate(p) \/ LoadPending(p)

ParkAfterCheckNext == (\E p \in Publishers : ParkAfterCheckPublisher(p)) \/ Consume \/ Terminating

ParkAfterCheckSpec ==
    /\ Init
    /\ [][ParkAfterCheckNext]_vars
    /\ \A p \in Publishers : WF_vars(ParkAfterCheckPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
