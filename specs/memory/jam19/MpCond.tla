-------------------------------- MODULE MpCond --------------------------------
(* JAM19's message passing with the data read under a branch (lincheck      *)
(* JamMemoryModelTests: testMpRelaxed, flag opaque; testMpRelacq, flag       *)
(* release / acquire):                                                       *)
(*   thread 0: x = 1 (plain); y = 1 (FlagStore)                              *)
(*   thread 1: r0 = y (FlagLoad); if (r0 != 0) r1 = x (plain)                *)
(* (testMpRelacq's guard "== 1" is "!= 0" on these values.) r1 is -1 unless  *)
(* read, as in the test. "1, 0" is graded "sometimes" with an opaque flag    *)
(* and "never" with release / acquire. Outcome: "r0, r1".                    *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, FlagStore, FlagLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r0", "r1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "plain", 1), St("y", FlagStore, 1) >>
                     ELSE << Ld("y", FlagLoad, "r0"), IfNe("r0", 0, 1), Ld("x", "plain", "r1") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r0"], IF reg["r0"] # 0 THEN reg["r1"] ELSE -1 >>)
=============================================================================
