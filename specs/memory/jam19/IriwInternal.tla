----------------------------- MODULE IriwInternal -----------------------------
(* JAM19's iriw-internal (lincheck JamMemoryModelTests.testIriwInternal),    *)
(* all opaque: each thread reads its own store, then the other's location:   *)
(*   thread 0: x = 1; t0a = x; t0b = y     thread 1: y = 1; t1a = y; t1b = x  *)
(* "1, 0, 1, 0" is graded "sometimes" (store buffering: each thread sees its *)
(* own store before the other's). Outcome: "t0a, t0b, t1a, t1b".             *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"t0a", "t0b", "t1a", "t1b"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "opaque", 1), Ld("x", "opaque", "t0a"), Ld("y", "opaque", "t0b") >>
                     ELSE << St("y", "opaque", 1), Ld("y", "opaque", "t1a"), Ld("x", "opaque", "t1b") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["t0a"], reg["t0b"], reg["t1a"], reg["t1b"] >>)
=============================================================================
