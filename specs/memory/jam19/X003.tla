--------------------------------- MODULE X003 ---------------------------------
(* JAM19's X003 and X006, from the x86 litmus tests (lincheck                *)
(* JamMemoryModelTests: testX003, testX006), all opaque:                     *)
(*   thread 0: x = 1; y = 1            thread 1: y = 2; [eax = y;] ebx = x     *)
(* ReadOwn keeps thread 1's read of its own store (X003; X006 has none).     *)
(* "2, 2, 0" (X003) and "2, 0" (X006) are graded "sometimes": y = 2 comes    *)
(* last in y's order though thread 1 then misses x = 1.                      *)
(* Outcome: the final "y, eax, ebx" (X003) or "y, ebx" (X006).               *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, ReadOwn
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"eax", "ebx"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "opaque", 1), St("y", "opaque", 1) >>
            ELSE IF ReadOwn THEN << St("y", "opaque", 2), Ld("y", "opaque", "eax"), Ld("x", "opaque", "ebx") >>
                 ELSE << St("y", "opaque", 2), Ld("x", "opaque", "ebx") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == IF ReadOwn THEN Tuple(<< P!M!Final("y"), reg["eax"], reg["ebx"] >>)
           ELSE Tuple(<< P!M!Final("y"), reg["ebx"] >>)
=============================================================================
