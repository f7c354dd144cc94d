-------------------- MODULE AdaptSealIgnored --------------------
(* BROKEN SIBLING (n) of AdaptiveSession: an acquire whose inflate CAS     *)
(* found the seal ignores it and goes on with the array it allocated (in   *)
(* Java: using `fresh` instead of the CAS's witness). That array was never *)
(* published, so no close marks it: the acquire holds a closed session.    *)
(* Caught by: StripesOnlyOnceInflated (invariant: a stripe is touched      *)
(* while the reference holds the seal), and NoUseAfterClose.               *)
(*****************************************************************************)
EXTENDS AdaptiveSession

InflateIgnoringSeal(t) ==     \* replaces Inflate: any outcome but "inflated" counts as its own array
    /\ pc[t] = "inflate"
    /\ inflateSaw' = [inflateSaw EXCEPT ![t] = @ \cup {cells}]
    /\ cells' = IF cells = "none" THEN "inflated" ELSE cells
    /\ \E i \in Stripes : LoadNext(t, i)
    /\ UNCHANGED <<c, v, round, held, waitedOn>> /\ UNCHANGED closerVars

SealIgnoredThread(t) == LoadCells(t) \/ AcquireLoad(t) \/ AcquireCas(t) \/ InflateIgnoringSeal(t) \/ Release(t)
SealIgnoredNext == (\E t \in Threads : SealIgnoredThread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
SealIgnoredSpec ==
    /\ Init /\ [][SealIgnoredNext]_vars
    /\ \A t \in Threads : WF_vars(SealIgnoredThread(t))
    /\ \A k \in Closers : WF_vars(Closer(k))
=============================================================================
