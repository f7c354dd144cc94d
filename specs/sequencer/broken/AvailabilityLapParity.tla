------------------------ MODULE AvailabilityLapParity ------------------------
(* SIBLING of ../AvailabilitySequencer.tla that aliases laps: the flag is   *)
(* the lap's parity, lap(s) mod 2, and the scan compares with the parity of *)
(* the lap of s, so that laps 0 and 2 store the same flag. Expected to be   *)
(* harmless under sequential consistency: when the scan checks s, the flag  *)
(* of its slot is the lap of s or the one before, never two before. Either  *)
(* s - BufferSize is at or below the cursor (published, so its flag, lap(s) *)
(* - 1, was stored), or the same scan found it published before reaching s. *)
(* And no later lap is published there before s is consumed (the gating    *)
(* wait). Of two consecutive laps, the parity tells which one it is.       *)
(* The manifest pins what TLC finds: every property of the algorithm.      *)
(*******************************************************************************)
EXTENDS AvailabilitySequencer

Parity(s) == Lap(s) % 2

\* SetAvailable with the lap's parity
SetParity(p) ==
    /\ pc[p] = "publish"
    /\ availableBuffer' = [availableBuffer EXCEPT ![Slot(pos[p])] = Parity(pos[p])]
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<next, gatingCache, consumed, ring, cursor, lo, hi>>
    /\ UNCHANGED consumerVars

\* IsAvailable comparing with the parity of the lap of s
IsParity ==
    /\ cpc = "scan"
    /\ LET s == cursor + 1 IN
       IF availableBuffer[Slot(s)] = Parity(s)
          THEN /\ cursor' = s
               /\ cpc' = IF s < limit THEN "scan" ELSE "read"
          ELSE /\ cpc' = IF cursor > consumed THEN "read" ELSE "wait"
               /\ UNCHANGED cursor
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, limit, got, published>>
    /\ UNCHANGED publisherVars

ParityPublisher(p) ==
    \/ \E n \in 1 .. MaxBatch : Claim(p, n)
    \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ WriteEvent(p) \/ SetParity(p)

ParityConsumer == WaitForClaim \/ IsParity \/ ReadEvent \/ Consume

ParityNext == (\E p \in Publishers : ParityPublisher(p)) \/ ParityConsumer \/ Terminating

ParitySpec ==
    /\ Init
    /\ [][ParityNext]_vars
    /\ \A p \in Publishers : WF_vars(ParityPublisher(p))
    /\ WF_vars(ParityConsumer)
=============================================================================
