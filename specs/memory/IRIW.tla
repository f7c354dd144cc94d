--------------------------------- MODULE IRIW ---------------------------------
(* Independent reads of independent writes (jcstress                         *)
(* AdvancedJMM_02_MultiCopyAtomic):                                          *)
(*   thread 1: x = 1    thread 2: y = 1                                       *)
(*   thread 3: r1 = x; r2 = y          thread 4: r3 = y; r4 = x                *)
(* "1, 0, 1, 0": the two readers see the two writes in opposite orders.      *)
(* x86-TSO forbids it (multi-copy atomic); the JMM allows it for opaque and  *)
(* release/acquire accesses (POWER shows it) and forbids it for volatile.    *)
(* Outcome: "r1, r2, r3, r4".                                                *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, StoreMode, LoadMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3, 4}, Locs <- {"x", "y"}, Regs <- {"r1", "r2", "r3", "r4"},
        Prog <- [t \in {1, 2, 3, 4} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1] >>
              [] t = 2 -> << [op |-> "store", loc |-> "y", mode |-> StoreMode, val |-> 1] >>
              [] t = 3 -> << [op |-> "load", loc |-> "x", mode |-> LoadMode, reg |-> "r1"],
                             [op |-> "load", loc |-> "y", mode |-> LoadMode, reg |-> "r2"] >>
              [] t = 4 -> << [op |-> "load", loc |-> "y", mode |-> LoadMode, reg |-> "r3"],
                             [op |-> "load", loc |-> "x", mode |-> LoadMode, reg |-> "r4"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", "
        \o ToString(reg["r3"]) \o ", " \o ToString(reg["r4"])
=============================================================================
