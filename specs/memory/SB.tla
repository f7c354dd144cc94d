---------------------------------- MODULE SB ----------------------------------
(* Store buffering, the Dekker handshake (jcstress BasicJMM_07_Consensus):    *)
(*   thread 1: x = 1; r1 = y        thread 2: y = 1; r2 = x                    *)
(* "0, 0" needs a store to be overtaken by the thread's later load: x86-TSO  *)
(* allows it (the store waits in the buffer) unless the store is volatile    *)
(* (it drains the buffer); the JMM forbids it only when all four accesses    *)
(* are volatile. The shape of the sequencer's park / cursor-CAS handshake.   *)
(* Outcome: "r1, r2".                                                        *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, StoreMode, LoadMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x", "y"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1],
                             [op |-> "load",  loc |-> "y", mode |-> LoadMode, reg |-> "r1"] >>
                     ELSE << [op |-> "store", loc |-> "y", mode |-> StoreMode, val |-> 1],
                             [op |-> "load",  loc |-> "x", mode |-> LoadMode, reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
=============================================================================
