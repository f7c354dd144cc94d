-------------------- MODULE AdaptBlindBaseMark --------------------
(* BROKEN SIBLING (w) of AdaptiveSession: the close marks the base with a  *)
(* store instead of a CAS ("a session is closed by one thread"): it        *)
(* overwrites holders and another close's mark alike. Two closes then      *)
(* both pass the base, and the second one's seal finds the first one's.   *)
(* Caught by: SealFindsNoSeal (invariant); it also closes over holders     *)
(* (CloseSucceedsOnlyWhenIdle), as ShardedSession's sibling (i) does.      *)
(*****************************************************************************)
EXTENDS AdaptiveSession

MarkBaseBlindly(k) ==         \* replaces CloseMark on the base: store CLOSING unless CLOSED
    /\ cpc[k] = "mark" /\ ci[k] = Base
    /\ IF c[Base] = CLOSED
          THEN cpc' = [cpc EXCEPT ![k] = "rollbackClosed"] /\ UNCHANGED <<c, marked, owner>>
          ELSE /\ c' = [c EXCEPT ![Base] = CLOSING]
               /\ marked' = [marked EXCEPT ![k] = @ \cup {Base}]
               /\ owner' = [owner EXCEPT ![Base] = k]
               /\ cpc' = [cpc EXCEPT ![k] = "seal"]
    /\ UNCHANGED <<cells, ci>> /\ UNCHANGED threadVars

BlindCloser(k) == MarkBaseBlindly(k) \/ (ci[k] # Base /\ CloseMark(k)) \/ CloseSeal(k) \/ CloseRollback(k) \/ CloseCommit(k)
BlindNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : BlindCloser(k)) \/ Terminating
BlindSpec ==
    /\ Init /\ [][BlindNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(BlindCloser(k))
=============================================================================
