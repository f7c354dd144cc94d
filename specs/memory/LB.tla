---------------------------------- MODULE LB ----------------------------------
(* Load buffering:                                                           *)
(*   thread 1: r1 = x; y = 1          thread 2: r2 = y; x = 1                  *)
(* "1, 1" needs each store to overtake its thread's earlier load. x86-TSO    *)
(* forbids it; the JMM allows it for plain accesses (JLS 17.4, Table         *)
(* 17.4-A; C11 relaxed likewise; POWER and ARM show it), and forbids it once *)
(* the stores release or the loads acquire. For opaque accesses the sources  *)
(* differ: C++ relaxed and ARMv8 allow it, JAM19 (Bender and Palsberg,       *)
(* OOPSLA 2019) forbids it (lincheck's JAM19 catalogue, testB: jam19/). The  *)
(* layer does not produce it at all: no load reads a store that has not been *)
(* performed (no promises). The manifest says so.                            *)
(* Outcome: "r1, r2".                                                        *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, LoadMode, StoreMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x", "y"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "load",  loc |-> "x", mode |-> LoadMode, reg |-> "r1"],
                             [op |-> "store", loc |-> "y", mode |-> StoreMode, val |-> 1] >>
                     ELSE << [op |-> "load",  loc |-> "y", mode |-> LoadMode, reg |-> "r2"],
                             [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
=============================================================================
