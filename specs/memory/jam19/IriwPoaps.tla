------------------------------ MODULE IriwPoaps ------------------------------
(* JAM19's IRIW+poaps+LL (lincheck JamMemoryModelTests.testIRIWPoapsLL):    *)
(*   thread 0: x = 1 (release)     thread 1: y = 1 (release)                  *)
(*   thread 2: r1 = x (acquire); r2 = y (opaque)                              *)
(*   thread 3: r3 = y (acquire); r4 = x (opaque)                              *)
(* "1, 0, 1, 0" is graded "sometimes": release / acquire is not multi-copy    *)
(* atomic. (IRIW+poaas+LL, both loads acquire, is ../IRIW.tla.)              *)
(* Outcome: "r1, r2, r3, r4".                                                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 3, Locs <- {"x", "y"}, Regs <- {"r1", "r2", "r3", "r4"},
        Prog <- [i \in 0 .. 3 |->
            CASE i = 0 -> << St("x", "release", 1) >>
              [] i = 1 -> << St("y", "release", 1) >>
              [] i = 2 -> << Ld("x", "acquire", "r1"), Ld("y", "opaque", "r2") >>
              [] i = 3 -> << Ld("y", "acquire", "r3"), Ld("x", "opaque", "r4") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r1"], reg["r2"], reg["r3"], reg["r4"] >>)
=============================================================================
