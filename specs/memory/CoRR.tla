--------------------------------- MODULE CoRR ---------------------------------
(* Read-read coherence (jcstress BasicJMM_05_Coherence):                     *)
(*   thread 1: x = 1          thread 2: r1 = x; r2 = x                         *)
(* "1, 0": the second read sees an older write than the first. The JMM       *)
(* allows it for plain reads (they are not coherent) and forbids it for      *)
(* opaque, acquire and volatile ones; x86-TSO forbids it. The shape of every *)
(* spin loop on one location.  Outcome: "r1, r2".                            *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, StoreMode, LoadMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1] >>
                     ELSE << [op |-> "load", loc |-> "x", mode |-> LoadMode, reg |-> "r1"],
                             [op |-> "load", loc |-> "x", mode |-> LoadMode, reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
=============================================================================
