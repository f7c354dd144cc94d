-------------------------- MODULE AvailabilityNoLap --------------------------
(* BROKEN SIBLING of ../AvailabilitySequencer.tla: no lap in the flag. The  *)
(* flag is a boolean "published" (1), set by SetAvailable and never reset,  *)
(* and the scan takes a flag of 1 for "published". Once a slot has been     *)
(* published in one lap, its flag says "published" for every later lap: the *)
(* scan finds the next lap's sequence available while it is claimed and     *)
(* unpublished, or not even claimed, and the cursor covers it.              *)
(* Caught by: CursorOnlyCoversPublished (invariant).                        *)
(*******************************************************************************)
EXTENDS AvailabilitySequencer

\* SetAvailable with availableBuffer[s & mask] = 1 instead of the lap of s
SetPublished(p) ==
    /\ pc[p] = "publish"
    /\ availableBuffer' = [availableBuffer EXCEPT ![Slot(pos[p])] = 1]
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<next, gatingCache, consumed, ring, cursor, lo, hi>>
    /\ UNCHANGED consumerVars

\* IsAvailable with availableBuffer[s & mask] = 1 instead of = lap(s)
IsPublished ==
    /\ cpc = "scan"
    /\ LET s == cursor + 1 IN
       IF availableBuffer[Slot(s)] = 1
          THEN /\ cursor' = s
               /\ cpc' = IF s < limit THEN "scan" ELSE "read"
          ELSE /\ cpc' = IF cursor > consumed THEN "read" ELSE "wait"
               /\ UNCHANGED cursor
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, limit, got, published>>
    /\ UNCHANGED publisherVars

NoLapPublisher(p) ==
    \/ \E n \in 1 .. MaxBatch : Claim(p, n)
    \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ WriteEvent(p) \/ SetPublished(p)

NoLapConsumer == WaitForClaim \/ IsPublished \/ ReadEvent \/ Consume

NoLapNext == (\E p \in Publishers : NoLapPublisher(p)) \/ NoLapConsumer \/ Terminating

NoLapSpec ==
    /\ Init
    /\ [][NoLapNext]_vars
    /\ \A p \in Publishers : WF_vars(NoLapPublisher(p))
    /\ WF_vars(NoLapConsumer)
=============================================================================
