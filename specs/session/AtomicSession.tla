---------------------------- MODULE AtomicSession ----------------------------
(***************************************************************************)
(* The baseline, as the JDK's shared sessions do it today: one atomic      *)
(* count of holders, with CLOSED as a sentinel value.                      *)
(*   acquire: v = count; CLOSED -> fail; else CAS(v, v + 1)                *)
(*   release: count -= 1                                                   *)
(*   close:   CAS(0, CLOSED); fails with "acquired" on holders, "closed"   *)
(*            on CLOSED                                                    *)
(* Correct and simple; every acquire and release of every thread hits the  *)
(* same cache line, which is the scaling problem ShardedSession solves.    *)
(* It refines the abstract Session too (property Refinement).              *)
(*                                                                         *)
(* As in ShardedSession: CloseRetries (FALSE unless a config sets it TRUE) *)
(* lets a closer whose close ended "busy" close again (CloseRetry), and    *)
(* RetriedCloseCloses says it eventually sees the session closed when the  *)
(* acquires are finite (AtomicSessionRetry); EndlessAcquires (likewise)    *)
(* makes every thread acquire again after its release, and then the        *)
(* one-CAS close is starved too (AtomicSessionEndless): it succeeds only   *)
(* at an instant when the count is 0, and nothing makes it wait for one.   *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS T, Closers
ASSUME T \in Nat \ {0} /\ Closers # {}

\* Definitions a config may override with TRUE (AtomicSessionRetry.cfg,
\* AtomicSessionEndless.cfg); FALSE leaves the state graph as it was.
CloseRetries == FALSE
EndlessAcquires == FALSE

Threads == 1 .. T
CLOSED == -200

VARIABLES count, pc, v, cpc
vars == <<count, pc, v, cpc>>

Init == count = 0 /\ pc = [t \in Threads |-> "load"] /\ v = [t \in Threads |-> 0]
        /\ cpc = [k \in Closers |-> "close"]

AcquireLoad(t) ==
    /\ pc[t] = "load"
    /\ IF count = CLOSED
          THEN pc' = [pc EXCEPT ![t] = "failed"] /\ UNCHANGED v
          ELSE pc' = [pc EXCEPT ![t] = "cas"] /\ v' = [v EXCEPT ![t] = count]
    /\ UNCHANGED <<count, cpc>>

AcquireCas(t) ==
    /\ pc[t] = "cas"
    /\ IF count = v[t]
          THEN count' = v[t] + 1 /\ pc' = [pc EXCEPT ![t] = "holding"]
          ELSE UNCHANGED count /\ pc' = [pc EXCEPT ![t] = "load"]
    /\ UNCHANGED <<v, cpc>>

Release(t) ==
    /\ pc[t] = "holding"
    /\ count' = count - 1
    /\ pc' = [pc EXCEPT ![t] = IF EndlessAcquires THEN "load" ELSE "done"]
    /\ UNCHANGED <<v, cpc>>

Close(k) ==
    /\ cpc[k] = "close"
    /\ IF count = 0
          THEN count' = CLOSED /\ cpc' = [cpc EXCEPT ![k] = "ok"]
          ELSE UNCHANGED count /\ cpc' = [cpc EXCEPT ![k] = IF count = CLOSED THEN "closed" ELSE "busy"]
    /\ UNCHANGED <<pc, v>>

\* close again after "busy" (CloseRetries): the caller's decision, no memory touched
CloseRetry(k) ==
    /\ CloseRetries
    /\ cpc[k] = "busy"
    /\ cpc' = [cpc EXCEPT ![k] = "close"]
    /\ UNCHANGED <<count, pc, v>>

Terminating ==
    /\ \A t \in Threads : pc[t] \in {"done", "failed"}
    /\ \A k \in Closers : cpc[k] # "close"
    /\ UNCHANGED vars

Thread(t) == AcquireLoad(t) \/ AcquireCas(t) \/ Release(t)
Closer(k) == Close(k) \/ CloseRetry(k)
Next == (\E t \in Threads : Thread(t)) \/ (\E k \in Closers : Closer(k)) \/ Terminating
\* Weak fairness; why it is enough for RetriedCloseCloses, and why strong fairness
\* would not help endless acquirers: see ShardedSession's Spec.
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(Thread(t)) /\ \A k \in Closers : WF_vars(Closer(k))

Holders == {t \in Threads : pc[t] = "holding"}
NoUseAfterClose == count = CLOSED => Holders = {}
NoSpuriousAcquireFailure == \A t \in Threads : pc[t] = "failed" => count = CLOSED
EveryAcquireReturns == \A t \in Threads : pc[t] \in {"load", "cas"} ~> pc[t] \in {"holding", "failed"}
\* A closer that retries after "busy" eventually sees the session closed (finite acquires).
RetriedCloseCloses ==
    \A k \in Closers : (CloseRetries /\ cpc[k] = "busy") ~> cpc[k] \in {"ok", "closed"}

Abstract == INSTANCE Session WITH count <- Cardinality(Holders),
                                  state <- IF count = CLOSED THEN "CLOSED" ELSE "OPEN"
Refinement == Abstract!Spec
=============================================================================
