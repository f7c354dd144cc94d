-------------------- MODULE OwnStartClose --------------------
(* BROKEN SIBLING (k): each closer starts phase 1 at a counter of its own  *)
(* (to spread closers over the counters) and marks the others in turn,     *)
(* wrapping around. Safe: a rollback still resets only this call's marks.  *)
(* But two closes of a session nobody holds can each mark a counter the   *)
(* other needs, each find the other's mark, and both fail. Marking in one  *)
(* order, counter 0 first, makes the first to mark counter 0 win.          *)
(* Caught by: IdleClosesOneSucceeds (invariant).                           *)
(*****************************************************************************)
EXTENDS ShardedSession

\* The counter closer k marks first: 0 for one closer, N - 1 for the others.
Start(k) == IF k = CHOOSE x \in Closers : TRUE THEN 0 ELSE N - 1
\* The counter of k's phase-1 step number ci[k] (0 .. N - 1).
At(k) == (Start(k) + ci[k]) % N

MarkFromOwn(k) ==             \* replaces CloseMark: CAS(c[At(k)], 0, CLOSING)
    /\ cpc[k] = "mark"
    /\ LET i == At(k) IN
       IF c[i] = 0
          THEN /\ c' = [c EXCEPT ![i] = CLOSING]
               /\ marked' = [marked EXCEPT ![k] = @ \cup {i}]
               /\ owner' = [owner EXCEPT ![i] = k]
               /\ IF ci[k] = N - 1
                     THEN ci' = [ci EXCEPT ![k] = 0] /\ cpc' = [cpc EXCEPT ![k] = "commit"]
                     ELSE ci' = [ci EXCEPT ![k] = @ + 1] /\ UNCHANGED cpc
          ELSE /\ cpc' = [cpc EXCEPT ![k] = IF c[i] = CLOSED THEN "rollbackClosed" ELSE "rollbackBusy"]
               /\ UNCHANGED <<c, ci, marked, owner>>
    /\ UNCHANGED threadVars

OwnStartCloser(k) == MarkFromOwn(k) \/ CloseRollback(k) \/ CloseCommit(k)
OwnStartNext == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : OwnStartCloser(k)) \/ Terminating
OwnStartSpec ==
    /\ Init /\ [][OwnStartNext]_vars
    /\ \A t \in Threads : WF_vars(Thread(t))
    /\ \A k \in Closers : WF_vars(OwnStartCloser(k))
=============================================================================
