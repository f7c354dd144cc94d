-------------------------- MODULE LongAdderSession --------------------------
(* BROKEN SIBLING (b): the LongAdder design. A liveness flag plus striped   *)
(* cells: acquire checks the flag, then adds one to its cell; close clears  *)
(* the flag, then sums the cells one by one and reopens if the sum is not   *)
(* zero. The sum is not atomic with the flag: an acquire that passed the    *)
(* flag check before close cleared it adds to a cell the closer has already *)
(* summed. This is why "LongAdder alone cannot do it".                      *)
(* Caught by: NoUseAfterClose (invariant).                                  *)
(* The counters c[] are the cells; CLOSING/CLOSED are never stored.         *)
(****************************************************************************)
EXTENDS ShardedSession

VARIABLES alive, sum

adderVars == <<vars, alive, sum>>

AdderInit == Init /\ alive = TRUE /\ sum = [k \in Closers |-> 0]

CheckAlive(t) ==              \* acquire: if (!alive) fail
    /\ pc[t] = "load"
    /\ pc' = [pc EXCEPT ![t] = IF alive THEN "cas" ELSE "failed"]
    /\ UNCHANGED <<c, v, ticket, round, held, waitedOn, moved, alive, sum>> /\ UNCHANGED closerVars

AddToCell(t) ==               \* acquire: cells[home].increment()
    /\ pc[t] = "cas"
    /\ c' = [c EXCEPT ![ticket[t]] = @ + 1]
    /\ pc' = [pc EXCEPT ![t] = "holding"]
    /\ held' = [held EXCEPT ![t] = @ \cup {ticket[t]}]
    /\ UNCHANGED <<v, ticket, round, waitedOn, moved, alive, sum>> /\ UNCHANGED closerVars

ClearFlag(k) ==               \* close: alive = false
    /\ cpc[k] = "mark"
    /\ alive' = FALSE
    /\ cpc' = [cpc EXCEPT ![k] = "sum"]
    /\ UNCHANGED <<c, ci, marked, owner, sum>> /\ UNCHANGED threadVars

SumCell(k) ==                 \* close: sum += cells[i], one cell at a time
    /\ cpc[k] = "sum"
    /\ sum' = [sum EXCEPT ![k] = @ + c[ci[k]]]
    /\ IF ci[k] = N - 1
          THEN cpc' = [cpc EXCEPT ![k] = IF sum[k] + c[ci[k]] = 0 THEN "ok" ELSE "reopen"] /\ UNCHANGED ci
          ELSE ci' = [ci EXCEPT ![k] = @ + 1] /\ UNCHANGED cpc
    /\ UNCHANGED <<c, marked, owner, alive>> /\ UNCHANGED threadVars

Reopen(k) ==                  \* close: held, so alive = true and fail
    /\ cpc[k] = "reopen"
    /\ alive' = TRUE
    /\ cpc' = [cpc EXCEPT ![k] = "busy"]
    /\ UNCHANGED <<c, ci, marked, owner, sum>> /\ UNCHANGED threadVars

AdderThread(t) == CheckAlive(t) \/ AddToCell(t) \/ (Release(t) /\ UNCHANGED <<alive, sum>>)
AdderCloser(k) == ClearFlag(k) \/ SumCell(k) \/ Reopen(k)
AdderNext ==
    \/ \E t \in Threads : AdderThread(t)
    \/ \E k \in Closers : AdderCloser(k)
    \/ Terminating /\ UNCHANGED <<alive, sum>>
AdderSpec ==
    /\ AdderInit /\ [][AdderNext]_adderVars
    /\ \A t \in Threads : WF_adderVars(AdderThread(t))
    /\ \A k \in Closers : WF_adderVars(AdderCloser(k))
=============================================================================
