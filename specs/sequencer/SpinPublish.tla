----------------------------- MODULE SpinPublish -----------------------------
(* SIBLING (c), the baseline SpinSequencer: publish(seq) spins until the     *)
(* cursor reaches seq - 1, then sets it to seq.  It is safe (SeqSpinSafe)    *)
(* but its work is unbounded: every spin iteration is a wasted read, and a   *)
(* publisher waits for every predecessor to be scheduled.  With more         *)
(* publishers than cores that wait includes whole scheduler time slices:    *)
(* the collapse the LMAX blog measured (56 ops/s against 1.25M for a         *)
(* BlockingQueue).  `wasted` saturates at 2, which keeps the state space     *)
(* finite while still exposing the violation.                                *)
(* Caught by: BoundedWork (invariant).                                       *)
(*****************************************************************************)
EXTENDS PendingList

ASSUME MaxBatch = 1      \* batch size 1: SpinSet publishes one sequence

SpinRead(p) ==          \* c = cursor; go on iff c = seq - 1, else spin
    /\ pc[p] = "guard"
    /\ IF cursor = seq[p] - 1
          THEN /\ Goto(p, "park") /\ UNCHANGED wasted
          ELSE /\ Waste(p) /\ UNCHANGED pc
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, top, published, work>>

SpinSet(p) ==           \* cursor = seq: publication and visibility in one store
    /\ pc[p] = "park"
    /\ cursor' = seq[p]
    /\ published' = published \cup {seq[p]}
    /\ Goto(p, "claim")
    /\ UNCHANGED <<next, consumed, pending, seq, lo, expected, top, wasted, work>>

SpinPublisher(p) == (\E n \in 1 .. MaxBatch : Claim(p, n)) \/ AwaitSlot(p) \/ SpinRead(p) \/ SpinSet(p)

SpinNext == (\E p \in Publishers : SpinPublisher(p)) \/ Consume \/ Terminating

SpinSpec ==
    /\ Init
    /\ [][SpinNext]_vars
    /\ \A p \in Publishers : WF_vars(SpinPublisher(p))
    /\ WF_vars(Consume)
=============================================================================
