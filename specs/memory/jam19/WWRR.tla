--------------------------------- MODULE WWRR ---------------------------------
(* JAM19's WW+RR+WW+RR+wsilp+poaa+wsilp+poaa (lincheck                       *)
(* JamMemoryModelTests.testWWRRWWRRWsilpPoaaWsilpPoaa), IRIW with two        *)
(* release stores per writer and acquire loads:                              *)
(*   thread 0: x = 1; x = 2          thread 2: y = 1; y = 2                    *)
(*   thread 1: t1a = x; t1b = y      thread 3: t3a = y; t3b = x                *)
(* "2, 2, 2, 0, 2, 0" is graded "sometimes": each reader sees one writer's   *)
(* last store and not the other's first. Outcome: the final "x, y", then     *)
(* "t1a, t1b, t3a, t3b".                                                     *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 3, Locs <- {"x", "y"}, Regs <- {"t1a", "t1b", "t3a", "t3b"},
        Prog <- [i \in 0 .. 3 |->
            CASE i = 0 -> << St("x", "release", 1), St("x", "release", 2) >>
              [] i = 1 -> << Ld("x", "acquire", "t1a"), Ld("y", "acquire", "t1b") >>
              [] i = 2 -> << St("y", "release", 1), St("y", "release", 2) >>
              [] i = 3 -> << Ld("y", "acquire", "t3a"), Ld("x", "acquire", "t3b") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("x"), P!M!Final("y"), reg["t1a"], reg["t1b"], reg["t3a"], reg["t3b"] >>)
=============================================================================
