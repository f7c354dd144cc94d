------------------------------- MODULE Atomicity -------------------------------
(* jcstress BasicJMM_02_AccessAtomicity (Integers, Longs, VolatileLongs,      *)
(* OpaqueLongs): one thread stores -1 (every bit set) with mode Mode, another *)
(* loads it. The layer's values are whole: it has no word size, so it never  *)
(* tears a store (its documented omission for plain longs, JLS 17.7).        *)
(* Outcome: "r".                                                             *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, Mode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"v"}, Regs <- {"r"},
        Prog <- [i \in {0, 1} |-> IF i = 0 THEN << St("v", Mode, -1) >> ELSE << Ld("v", Mode, "r") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r"] >>)
=============================================================================
