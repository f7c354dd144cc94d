---------------------------- MODULE FastPathSkipsPark ----------------------------
(* BROKEN SIBLING (i): the fast path without its premise. The guard skips  *)
(* the parks of the batch whenever it lets the publisher through, not     *)
(* only when it found the predecessor visible (cursor = lo - 1), and CASes *)
(* lo - 1 -> hi at once. While another publisher is still draining below   *)
(* lo - 1, that CAS fails and the call exits, as a failed CAS may; but     *)
(* nobody parked lo, so the drainer that reaches lo - 1 finds nothing and  *)
(* stops: lo is never made visible. PendingList's Guard takes the fast     *)
(* path only on cursor = lo - 1, where no one else can move the cursor.    *)
(* Caught by: FastPathOwnsItsBatch (invariant, FastPathSkipsPark.cfg) and  *)
(* EventuallyVisible (liveness, FastPathSkipsParkLost.cfg).                *)
(*******************************************************************************)
EXTENDS PendingList

GuardAlwaysFast(p) ==   \* Guard, with the fast path's test left out
    /\ pc[p] = "guard"
    /\ seq[p] - cursor <= PendingSize
    /\ published' = published \cup (lo[p] .. seq[p])
    /\ expected' = [expected EXCEPT ![p] = lo[p] - 1]
    /\ Goto(p, "casbatch")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, top, wasted, work>>

SkipsParkPublisher(p) ==
    \/ (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ GuardAlwaysFast(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

SkipsParkNext == (\E p \in Publishers : SkipsParkPublisher(p)) \/ Consume \/ Terminating

SkipsParkSpec ==
    /\ Init
    /\ [][SkipsParkNext]_vars
    /\ \A p \in Publishers : WF_vars(SkipsParkPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
