------------------------------- MODULE BReorder -------------------------------
(* JAM19's b_reorder (lincheck JamMemoryModelTests.testBReorder), all opaque: *)
(*   thread 0: y = 1; r0 = x          thread 1: r1 = y; x = 1                  *)
(* "1, 1" is graded "sometimes": an interleaving gives it (thread 0 stores   *)
(* y, thread 1 reads it and stores x, thread 0 reads x). testB, load         *)
(* buffering, is ../LB.tla with opaque modes. Outcome: "r0, r1".             *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r0", "r1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("y", "opaque", 1), Ld("x", "opaque", "r0") >>
                     ELSE << Ld("y", "opaque", "r1"), St("x", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r0"], reg["r1"] >>)
=============================================================================
