------------------------------- MODULE NoGuard -------------------------------
(* BROKEN SIBLING (b): no back-pressure guard (step 1 removed).  A publisher *)
(* more than PendingSize ahead of the cursor parks into a slot that still    *)
(* holds an unpublished sequence and overwrites it.                          *)
(* Caught by: ParkedNeverOverwritten (action property).                      *)
(*****************************************************************************)
EXTENDS PendingList

NoGuard(p) ==           \* Guard without its wait condition
    /\ pc[p] = "guard"
    /\ Goto(p, "park")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, expected, published, wasted>>

NoGuardPublisher(p) ==
    \/ Claim(p) \/ AwaitSlot(p) \/ NoGuard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ LoadPending(p)

NoGuardNext == (\E p \in Publishers : NoGuardPublisher(p)) \/ Consume \/ Terminating

NoGuardSpec ==
    /\ Init
    /\ [][NoGuardNext]_vars
    /\ \A p \in Publishers : WF_vars(NoGuardPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
