------------------------- MODULE VolatilesAreNotFences -------------------------
(* jcstress AdvancedJMM_15_VolatilesAreNotFences ("Volatiles"):              *)
(*   thread 1: x = 1; b = 1 (volatile); y = 1                                  *)
(*   thread 2: r1 = y; r2 = b (volatile); r3 = x                               *)
(* The JMM allows "1, 0, 0" and "1, 0, 1": the plain store of y may move     *)
(* before the volatile store of b, so thread 2 can see y and still read b    *)
(* before it is written. The layer keeps each thread's program order of      *)
(* performing accesses, so it cannot show these two outcomes; the manifest   *)
(* lists them as not modelled. Outcome: "r1, r2, r3".                        *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x", "b", "y"}, Regs <- {"r1", "r2", "r3"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> "plain", val |-> 1],
                             [op |-> "store", loc |-> "b", mode |-> "volatile", val |-> 1],
                             [op |-> "store", loc |-> "y", mode |-> "plain", val |-> 1] >>
                     ELSE << [op |-> "load", loc |-> "y", mode |-> "plain", reg |-> "r1"],
                             [op |-> "load", loc |-> "b", mode |-> "volatile", reg |-> "r2"],
                             [op |-> "load", loc |-> "x", mode |-> "plain", reg |-> "r3"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", " \o ToString(reg["r3"])
=============================================================================
