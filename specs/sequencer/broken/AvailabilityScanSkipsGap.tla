----------------------- MODULE AvailabilityScanSkipsGap -----------------------
(* BROKEN SIBLING of ../AvailabilitySequencer.tla: the scan skips a gap. On *)
(* a flag not at its lap below the bound, it goes on to the next sequence   *)
(* (continue instead of break), as if it looked for the highest published   *)
(* sequence up to the bound rather than the highest with every sequence     *)
(* below it published; the cursor moves over the gap. A publisher that      *)
(* claimed first and publishes last is overtaken.                           *)
(* Caught by: CursorOnlyCoversPublished (invariant).                        *)
(*******************************************************************************)
EXTENDS AvailabilitySequencer

\* IsAvailable that steps over a gap below the bound
IsAvailableSkipping ==
    /\ cpc = "scan"
    /\ LET s == cursor + 1 IN
       IF availableBuffer[Slot(s)] = Lap(s) \/ s < limit
          THEN /\ cursor' = s
               /\ cpc' = IF s < limit THEN "scan" ELSE "read"
          ELSE /\ cpc' = IF cursor > consumed THEN "read" ELSE "wait"
               /\ UNCHANGED cursor
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, limit, got, published>>
    /\ UNCHANGED publisherVars

SkipConsumer == WaitForClaim \/ IsAvailableSkipping \/ ReadEvent \/ Consume

SkipNext == (\E p \in Publishers : Publisher(p)) \/ SkipConsumer \/ Terminating

SkipSpec ==
    /\ Init
    /\ [][SkipNext]_vars
    /\ \A p \in Publishers : WF_vars(Publisher(p))
    /\ WF_vars(SkipConsumer)
=============================================================================
