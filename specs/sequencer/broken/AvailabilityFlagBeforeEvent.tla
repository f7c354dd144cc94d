--------------------- MODULE AvailabilityFlagBeforeEvent ---------------------
(* BROKEN SIBLING of ../AvailabilitySequencer.tla: the flag is published   *)
(* before the event is written. After the gating wait the publisher stores *)
(* the flags of lo..hi (FlagFirst) and only then writes the events          *)
(* (EventAfter). The consumer's scan finds the flag at its lap, and it      *)
(* reads the slot before the event is in it: an empty slot, or the previous *)
(* lap's event.                                                             *)
(* Caught by: NoStaleEvent (invariant).                                     *)
(*******************************************************************************)
EXTENDS AvailabilitySequencer

\* SetAvailable, at the place of WriteEvent: the flags of lo..hi first
FlagFirst(p) ==
    /\ pc[p] = "write"
    /\ availableBuffer' = [availableBuffer EXCEPT ![Slot(pos[p])] = Lap(pos[p])]
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE pos' = [pos EXCEPT ![p] = lo[p]] /\ Goto(p, "publish")
    /\ UNCHANGED <<next, gatingCache, consumed, ring, cursor, lo, hi>>
    /\ UNCHANGED consumerVars

\* WriteEvent, at the place of SetAvailable: the events of lo..hi after
EventAfter(p) ==
    /\ pc[p] = "publish"
    /\ ring' = [ring EXCEPT ![Slot(pos[p])] = pos[p]]
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, cursor, lo, hi, published>>
    /\ UNCHANGED consumerVars

FlagFirstPublisher(p) ==
    \/ \E n \in 1 .. MaxBatch : Claim(p, n)
    \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ FlagFirst(p) \/ EventAfter(p)

FlagFirstNext == (\E p \in Publishers : FlagFirstPublisher(p)) \/ Consumer \/ Terminating

FlagFirstSpec ==
    /\ Init
    /\ [][FlagFirstNext]_vars
    /\ \A p \in Publishers : WF_vars(FlagFirstPublisher(p))
    /\ WF_vars(Consumer)
=============================================================================
