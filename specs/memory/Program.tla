------------------------------- MODULE Program -------------------------------
(***************************************************************************)
(* A litmus-test interpreter over the memory layer: each thread runs a     *)
(* straight-line program of loads, stores and CASes, each with a Java      *)
(* access mode, one instruction per step. The litmus modules of this       *)
(* folder instance it with their programs; TLC enumerates every outcome.   *)
(*   [op |-> "store", loc |-> x, mode |-> m, val |-> v]     x = v          *)
(*   [op |-> "load",  loc |-> x, mode |-> m, reg |-> r]     r = x          *)
(*   [op |-> "cae", loc |-> x, mode |-> m, exp |-> e, val |-> v,           *)
(*    reg |-> r]      r = x.compareAndExchange(e, v): the witness it read  *)
(* Registers start at 0, as jcstress's result fields do.                   *)
(***************************************************************************)
EXTENDS Integers, Sequences

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Threads,    \* the threads
    Locs,       \* the shared locations, all initially 0
    Regs,       \* the registers the programs load into
    Prog        \* [Threads -> Seq(instruction)]

VARIABLES mem, buf, msgs, cur, scv, pc, reg

vars == <<mem, buf, msgs, cur, scv, pc, reg>>

M == INSTANCE Memory WITH Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> 1]
    /\ reg = [r \in Regs |-> 0]

Running(t) == pc[t] <= Len(Prog[t])

Step(t) ==
    /\ Running(t)
    /\ LET i == Prog[t][pc[t]] IN
       CASE i.op = "store" -> M!Store(t, i.loc, i.mode, i.val) /\ UNCHANGED reg
         [] i.op = "load"  -> \E r \in M!Reads(t, i.loc, i.mode) :
                                 M!Load(t, i.loc, i.mode, r) /\ reg' = [reg EXCEPT ![i.reg] = r.val]
         [] i.op = "cae"   -> \/ M!CasOk(t, i.loc, i.mode, i.exp, i.val) /\ reg' = [reg EXCEPT ![i.reg] = i.exp]
                              \/ \E r \in M!FailReads(t, i.loc, i.mode, i.exp) :
                                    M!CasFail(t, i.loc, i.mode, r) /\ reg' = [reg EXCEPT ![i.reg] = r.val]
    /\ pc' = [pc EXCEPT ![t] = @ + 1]

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, reg>>

\* Every program has run and every store has reached memory.
Finished == (\A t \in Threads : ~Running(t)) /\ M!Quiescent

Next == (\E t \in Threads : Step(t) \/ Flush(t)) \/ (Finished /\ UNCHANGED vars)

Spec == Init /\ [][Next]_vars

TypeOK == M!MemTypeOK
=============================================================================
