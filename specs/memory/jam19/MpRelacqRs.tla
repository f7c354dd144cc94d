------------------------------ MODULE MpRelacqRs ------------------------------
(* JAM19's mp_relacq_rs (lincheck JamMemoryModelTests.testMpRelacqRs), a     *)
(* release sequence:                                                         *)
(*   thread 0: x = 1 (plain); y = 1 (release); y = 2 (opaque)                *)
(*   thread 1: r0 = y (acquire); if (r0 == 2) r1 = x (plain)                 *)
(* r1 is -1 unless read. "2, 0" is graded "sometimes": JAM has no release    *)
(* sequences, so the acquire of the opaque y = 2 synchronizes with nothing   *)
(* (C11 forbids it: its release sequence of y = 1 includes y = 2). The       *)
(* layer has no release sequences either. Outcome: "r0, r1".                 *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r0", "r1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "plain", 1), St("y", "release", 1), St("y", "opaque", 2) >>
                     ELSE << Ld("y", "acquire", "r0"), IfEq("r0", 2, 1), Ld("x", "plain", "r1") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r0"], IF reg["r0"] = 2 THEN reg["r1"] ELSE -1 >>)
=============================================================================
