----------------------------- MODULE Construction -----------------------------
(* jcstress BasicJMM_08_Finals (PlainInit, OpaqueInit): an object of four    *)
(* non-final int fields is constructed (x1 = 1, x2 = 2, x3 = 3, x4 = 4:      *)
(* plain stores to a fresh object, whose fields start at 0) and published    *)
(* through the field o with mode Publish; the reader loads o with the same   *)
(* mode and, if it is not null, the four fields (plain):                     *)
(*   thread 0: x1 = 1; x2 = 2; x3 = 3; x4 = 4; o = 1 (Publish)                *)
(*   thread 1: r = o (Publish); if (r != 0) { s1 = x1; ...; s4 = x4 }         *)
(* FinalInit, the same with final fields, is not expressible: the layer has  *)
(* no final-field semantics. Outcome: "s1, s2, s3, s4", or "-1, -1, -1, -1"  *)
(* when o was null.                                                          *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, Publish
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x1", "x2", "x3", "x4", "o"}, Regs <- {"r", "s1", "s2", "s3", "s4"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x1", "plain", 1), St("x2", "plain", 2), St("x3", "plain", 3),
                             St("x4", "plain", 4), St("o", Publish, 1) >>
                     ELSE << Ld("o", Publish, "r"), IfNe("r", 0, 4), Ld("x1", "plain", "s1"),
                             Ld("x2", "plain", "s2"), Ld("x3", "plain", "s3"), Ld("x4", "plain", "s4") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == IF reg["r"] = 0 THEN Tuple(<< -1, -1, -1, -1 >>)
           ELSE Tuple(<< reg["s1"], reg["s2"], reg["s3"], reg["s4"] >>)
=============================================================================
