---------------------------- MODULE SpinOnLostCas ----------------------------
(* BROKEN SIBLING (of ShardedBufferForever): a producer that lost the tail   *)
(* CAS waits for the winner to publish the slot it won (spins until the      *)
(* slot's sequence leaves t) before loading the tail again. A blocking       *)
(* offer: if the winner is descheduled between its CAS and its publish, the  *)
(* loser spins forever and no offer completes, however many steps it takes.  *)
(* Each spin round is two steps (load the sequence, Thread.onSpinWait()), so *)
(* TLC sees it as steps and not as stuttering.                               *)
(* Caught by: LockFree (liveness, under AnySchedulerSpec: no fairness).      *)
(*****************************************************************************)
EXTENDS ShardedBufferForever

CasTailOrWait(p) ==         \* replaces CasTail: a lost CAS waits for the winner
    /\ pc[p] = "cas"
    /\ IF tail[sh[p]] = t[p]
          THEN tail' = [tail EXCEPT ![sh[p]] = t[p] + 1] /\ Goto(p, "write")
          ELSE UNCHANGED tail /\ Goto(p, "wait")
    /\ UNCHANGED <<seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

WaitLoadSeq(p) ==           \* added: q = seq of the slot the winner took; published: retry
    /\ pc[p] = "wait"
    /\ Goto(p, IF seq[sh[p]][Index(t[p])] = t[p] THEN "pause" ELSE "tail")
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

WaitPause(p) ==             \* added: Thread.onSpinWait(), then load the sequence again
    /\ pc[p] = "pause"
    /\ Goto(p, "wait")
    /\ UNCHANGED <<tail, seq, item, sh, t, sent>> /\ UNCHANGED consumerVars

SpinningProducer(p) ==
    LoadTail(p) \/ LoadSlotSeq(p) \/ CasTailOrWait(p) \/ WaitLoadSeq(p) \/ WaitPause(p)
    \/ WriteItem(p) \/ PublishSeqForever(p)

SpinNext == (\E p \in Producers : SpinningProducer(p)) \/ ConsumerForever
SpinAnySchedulerSpec == Init /\ [][SpinNext]_vars
=============================================================================
