------------------------------- MODULE Totalco -------------------------------
(* JAM19's totalco (lincheck JamMemoryModelTests.testTotalco):              *)
(*   thread 0: t0r = x (opaque); x = 1 (opaque)                              *)
(*   thread 1: t1r = y (acquire); x = 2 (opaque)                             *)
(*   thread 2: t2r = x (acquire); y = 1 (opaque)                             *)
(* "1, 1, 1" is graded "never": thread 0 would read its own later store.     *)
(* Outcome: "t0r, t1r, t2r".                                                 *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 2, Locs <- {"x", "y"}, Regs <- {"t0r", "t1r", "t2r"},
        Prog <- [i \in 0 .. 2 |->
            CASE i = 0 -> << Ld("x", "opaque", "t0r"), St("x", "opaque", 1) >>
              [] i = 1 -> << Ld("y", "acquire", "t1r"), St("x", "opaque", 2) >>
              [] i = 2 -> << Ld("x", "acquire", "t2r"), St("y", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["t0r"], reg["t1r"], reg["t2r"] >>)
=============================================================================
