--------------------------------- MODULE Fig1 ---------------------------------
(* JAM19's fig1 (lincheck JamMemoryModelTests.testFig1):                     *)
(*   thread 0: a = 1; x (opaque load, discarded); a (plain load, discarded); *)
(*             y = 1 (opaque)                                                *)
(*   thread 1: y (opaque load, discarded); x = 1 (opaque)                    *)
(* Graded with the exact set {"1, 1, 1"} of final values: each location is   *)
(* written once. Outcome: the final "a, x, y".                               *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"a", "x", "y"}, Regs <- {"s", "t", "u"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("a", "plain", 1), Ld("x", "opaque", "s"), Ld("a", "plain", "t"),
                             St("y", "opaque", 1) >>
                     ELSE << Ld("y", "opaque", "u"), St("x", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("a"), P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
