----------------------------- MODULE SemiVolatile -----------------------------
(* jcstress AdvancedJMM_07_SemiVolatile (RacyWrite, RacyRead, NonRacy): a    *)
(* Composite of four int fields, each set to 1 by its constructor (plain     *)
(* stores to a fresh object), is published through c with mode RefStore and *)
(* read through c with mode RefLoad; get() sums the fields, x4 first:        *)
(*   thread 0: x1 = 1; x2 = 1; x3 = 1; x4 = 1; c = 1 (RefStore)               *)
(*   thread 1: r = c (RefLoad); if (r != 0) { s4 = x4; ...; s1 = x1 }         *)
(* Outcome: "-1" when c was null, else the sum "s1 + s2 + s3 + s4".          *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, RefStore, RefLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x1", "x2", "x3", "x4", "c"}, Regs <- {"r", "s1", "s2", "s3", "s4"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x1", "plain", 1), St("x2", "plain", 1), St("x3", "plain", 1),
                             St("x4", "plain", 1), St("c", RefStore, 1) >>
                     ELSE << Ld("c", RefLoad, "r"), IfNe("r", 0, 4), Ld("x4", "plain", "s4"),
                             Ld("x3", "plain", "s3"), Ld("x2", "plain", "s2"), Ld("x1", "plain", "s1") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< IF reg["r"] = 0 THEN -1 ELSE reg["s1"] + reg["s2"] + reg["s3"] + reg["s4"] >>)
=============================================================================
