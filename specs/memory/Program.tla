------------------------------- MODULE Program -------------------------------
(***************************************************************************)
(* A litmus-test interpreter over the memory layer: each thread runs a     *)
(* program of loads, stores and CASes, each with a Java access mode, and    *)
(* forward branches on a register, one instruction per step. The litmus    *)
(* modules of this folder instance it with their programs; TLC enumerates  *)
(* every outcome.                                                          *)
(*   [op |-> "store", loc |-> x, mode |-> m, val |-> v]     x = v          *)
(*   [op |-> "load",  loc |-> x, mode |-> m, reg |-> r]     r = x          *)
(*   [op |-> "cae", loc |-> x, mode |-> m, exp |-> e, val |-> v,           *)
(*    reg |-> r]      r = x.compareAndExchange(e, v): the witness it read  *)
(*   [op |-> "if", reg |-> r, cmp |-> "=" or "#", val |-> v, then |-> n]   *)
(*                    if (r == v) or if (r != v), run the next n           *)
(*                    instructions, else jump past them: a control         *)
(*                    dependency. An else branch is a second "if" with the *)
(*                    other comparison; a nested "if" counts as one        *)
(*                    instruction of its block, its own block included in  *)
(*                    n. The branch touches no memory: the layer keeps     *)
(*                    each thread's program order anyway, so a store under *)
(*                    a branch is never performed before the load that     *)
(*                    decides it (and, with no promises, no store is ever  *)
(*                    performed before any earlier access of its thread).  *)
(* Registers start at 0, as jcstress's result fields do.                   *)
(***************************************************************************)
EXTENDS Integers, Sequences, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Threads,    \* the threads
    Locs,       \* the shared locations, all initially 0
    Regs,       \* the registers the programs load into
    Prog        \* [Threads -> Seq(instruction)]

VARIABLES mem, buf, msgs, cur, scv, pc, reg

vars == <<mem, buf, msgs, cur, scv, pc, reg>>

M == INSTANCE Memory WITH Init <- [x \in Locs |-> 0]

\* Every branch stays inside its program: its block ends at or before the last instruction.
\* (Checked by Init: TLC does not evaluate the ASSUMEs of an instantiated module.)
WellFormed ==
    \A t \in Threads : \A k \in 1 .. Len(Prog[t]) :
        Prog[t][k].op = "if" => /\ Prog[t][k].cmp \in {"=", "#"}
                                /\ Prog[t][k].then \in 1 .. Len(Prog[t]) - k

Init ==
    /\ Assert(WellFormed, "Program.tla: a branch's comparison is not \"=\" or \"#\", or its block leaves its program")
    /\ M!MemInit
    /\ pc = [t \in Threads |-> 1]
    /\ reg = [r \in Regs |-> 0]

Running(t) == pc[t] <= Len(Prog[t])

\* A branch's condition, and where it sends the thread.
Holds(i) == IF i.cmp = "=" THEN reg[i.reg] = i.val ELSE reg[i.reg] # i.val
Target(t, i) == IF Holds(i) THEN pc[t] + 1 ELSE pc[t] + 1 + i.then

\* A memory instruction: one access through the layer, then the next instruction.
Access(t, i) ==
    /\ CASE i.op = "store" -> M!Store(t, i.loc, i.mode, i.val) /\ UNCHANGED reg
         [] i.op = "load"  -> \E r \in M!Reads(t, i.loc, i.mode) :
                                 M!Load(t, i.loc, i.mode, r) /\ reg' = [reg EXCEPT ![i.reg] = r.val]
         [] i.op = "cae"   -> \/ M!CasOk(t, i.loc, i.mode, i.exp, i.val) /\ reg' = [reg EXCEPT ![i.reg] = i.exp]
                              \/ \E r \in M!FailReads(t, i.loc, i.mode, i.exp) :
                                    M!CasFail(t, i.loc, i.mode, r) /\ reg' = [reg EXCEPT ![i.reg] = r.val]
    /\ pc' = [pc EXCEPT ![t] = @ + 1]

\* A branch: a step of its thread alone.
Branch(t, i) ==
    /\ pc' = [pc EXCEPT ![t] = Target(t, i)]
    /\ UNCHANGED <<mem, buf, msgs, cur, scv, reg>>

Step(t) ==
    /\ Running(t)
    /\ LET i == Prog[t][pc[t]] IN IF i.op = "if" THEN Branch(t, i) ELSE Access(t, i)

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, reg>>

\* Every program has run and every store has reached memory.
Finished == (\A t \in Threads : ~Running(t)) /\ M!Quiescent

Next == (\E t \in Threads : Step(t) \/ Flush(t)) \/ (Finished /\ UNCHANGED vars)

Spec == Init /\ [][Next]_vars

TypeOK == M!MemTypeOK
=============================================================================
