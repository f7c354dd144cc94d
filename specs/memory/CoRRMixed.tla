------------------------------- MODULE CoRRMixed -------------------------------
(* Read-read coherence with two load modes:                                  *)
(*   thread 1: x = 1          thread 2: r1 = x (FirstLoad); r2 = x (SecondLoad) *)
(* "1, 0": the second read sees an older write than the first. A plain       *)
(* second read is bounded only by what happens before it (JLS 17.4.5): after *)
(* an opaque first read nothing does (the compiler may hoist the plain read  *)
(* above the opaque one), so "1, 0" is allowed; after an acquire or volatile *)
(* first read that read a release or volatile store, the store happens       *)
(* before the second read, which may not return the initial value that the   *)
(* store overwrote. Two opaque reads are CoRR.tla. Outcome: "r1, r2".        *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, StoreMode, FirstLoad, SecondLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1] >>
                     ELSE << [op |-> "load", loc |-> "x", mode |-> FirstLoad, reg |-> "r1"],
                             [op |-> "load", loc |-> "x", mode |-> SecondLoad, reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
=============================================================================
