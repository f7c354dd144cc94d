-------------------- MODULE AdaptLostInflateFails --------------------
(* BROKEN SIBLING (s) of AdaptiveSession: an acquire whose inflate CAS     *)
(* failed takes it for the seal and fails ("Already closed"), but the CAS  *)
(* may have failed because another acquire inflated first: the session is *)
(* open, and stays so.                                                     *)
(* Caught by: NoSpuriousAcquireFailure (invariant).                        *)
(*****************************************************************************)
EXTENDS AdaptiveSession

InflateOrFail(t) ==           \* replaces Inflate: any failed CAS counts as closed
    /\ pc[t] = "inflate"
    /\ inflateSaw' = [inflateSaw EXCEPT ![t] = @ \cup {cells}]
    /\ IF cells = "none"
          THEN cells' = "inflated" /\ \E i \in Stripes : LoadNext(t, i)
          ELSE UNCHANGED <<cells, ticket>> /\ pc' = [pc EXCEPT ![t] = "failed"]
    /\ UNCHANGED <<c, v, round, held, waitedOn>> /\ UNCHANGED closerVars

LostFailsThread(t) == LoadCells(t) \/ AcquireLoad(t) \/ AcquireCas(t) \/ InflateOrFail(t) \/ Release(t)
LostFailsNext == (\E t \in Threads : LostFailsThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
LostFailsSpec ==
    /\ Init /\ [][LostFailsNext]_vars
    /\ \A t \in Threads : WF_vars(LostFailsThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
