---------------------------------- MODULE MP ----------------------------------
(* Message passing (jcstress BasicJMM_06_Causality):                         *)
(*   thread 1: x = 1; y = 1          thread 2: r1 = y; r2 = x                  *)
(* "1, 0" (the flag seen, the data not) is forbidden on x86-TSO whatever the *)
(* modes, and in the JMM when the flag y is written with release (or         *)
(* volatile) and read with acquire (or volatile). The shape of every         *)
(* publication in the designs: the shard's item and slot sequence, the       *)
(* sequencer's event and cursor, the holder's data and the session counter.  *)
(* Outcome: "r1, r2".                                                        *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, DataStore, FlagStore, FlagLoad, DataLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x", "y"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> DataStore, val |-> 1],
                             [op |-> "store", loc |-> "y", mode |-> FlagStore, val |-> 1] >>
                     ELSE << [op |-> "load",  loc |-> "y", mode |-> FlagLoad, reg |-> "r1"],
                             [op |-> "load",  loc |-> "x", mode |-> DataLoad, reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
=============================================================================
