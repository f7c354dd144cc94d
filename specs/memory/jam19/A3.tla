---------------------------------- MODULE A3 ----------------------------------
(* JAM19's a3 (lincheck JamMemoryModelTests: testA3, testA3Reorder):        *)
(*   thread 0: y = 1 (plain); x = 1 (release)                                *)
(*   thread 1: r1 = x (acquire); if (r1 != 0) y (opaque load, discarded)     *)
(*             (ReadFirst: y's opaque load first, unconditionally)           *)
(* "1" is graded "sometimes". Outcome: "r1".                                 *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, ReadFirst
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r1", "s"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("y", "plain", 1), St("x", "release", 1) >>
            ELSE IF ReadFirst THEN << Ld("y", "opaque", "s"), Ld("x", "acquire", "r1") >>
                 ELSE << Ld("x", "acquire", "r1"), IfNe("r1", 0, 1), Ld("y", "opaque", "s") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r1"] >>)
=============================================================================
