---------------------------- MODULE RunDrainTrustsScan ----------------------------
(* BROKEN SIBLING (l): "my scan already found the end of the run". A       *)
(* drainer whose scan stopped at an entry that was not parked CASes the   *)
(* cursor over the run and returns, without loading that entry again.    *)
(* But the scan's load came before the CAS: a publisher may park there in *)
(* between, read the cursor still below the run, and lose its own CAS     *)
(* (it expects the run's end, or more); it relies on whoever moves the    *)
(* cursor onto the run's end to drain it, and nobody does. PendingList's  *)
(* CasCursor goes on to LoadPending after every successful CAS: the first *)
(* load after a CAS is the drainer's half of the handshake, and a load    *)
(* before it is no substitute.                                            *)
(* Caught by: EventuallyVisible (liveness).                                *)
(*******************************************************************************)
EXTENDS PendingList

LoadPendingTrust(p) ==  \* LoadPending; a scan that stops at an empty entry goes to CasTrust
    /\ pc[p] = "drain"
    /\ LET s == top[p] + 1
       IN  IF pending[Slot(s)] = s
              THEN /\ top' = [top EXCEPT ![p] = s]
                   /\ Goto(p, IF s - expected[p] < PendingSize THEN "drain" ELSE "cas")
              ELSE /\ Goto(p, IF top[p] > expected[p] THEN "castrust" ELSE "claim")
                   /\ UNCHANGED top
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, published, wasted, work>>

CasTrust(p) ==          \* CasCursor over the run, then return: no load after it
    /\ pc[p] = "castrust"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = top[p]
               /\ work' = [work EXCEPT ![p] = @ + (top[p] - expected[p])]
               /\ UNCHANGED wasted
          ELSE /\ Waste(p)
               /\ UNCHANGED <<cursor, work>>
    /\ Goto(p, "claim")
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, top, published>>

TrustPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPendingTrust(p) \/ CasTrust(p)

TrustNext == (\E p \in Publishers : TrustPublisher(p)) \/ Consume \/ Terminating

TrustSpec ==
    /\ Init
    /\ [][TrustNext]_vars
    /\ \A p \in Publishers : WF_vars(TrustPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
