------------------------------ MODULE WrongOrder ------------------------------
(* jcstress AdvancedJMM_09_WrongReleaseOrder, _11_WrongAcquireOrder and      *)
(* _12_WrongAcquireReleaseOrder: message passing through the volatile g,     *)
(* with the release or the acquire in the wrong place.                       *)
(*   thread 0: g = 1 (volatile) and x = 1 (plain), g first if WriteGFirst    *)
(*   thread 1: loads g (volatile) and x (plain), g first if ReadGFirst       *)
(* _09: g first in both; _11: x first in both; _12: g first in the writer,   *)
(* x first in the reader. Outcome: "r1, r2", the reader's two loads in its   *)
(* order.                                                                    *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, WriteGFirst, ReadGFirst
VARIABLES mem, buf, msgs, cur, scv, pc, reg
WriteG == St("g", "volatile", 1)
WriteX == St("x", "plain", 1)
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "g"}, Regs <- {"r1", "r2"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN IF WriteGFirst THEN << WriteG, WriteX >> ELSE << WriteX, WriteG >>
            ELSE IF ReadGFirst THEN << Ld("g", "volatile", "r1"), Ld("x", "plain", "r2") >>
                 ELSE << Ld("x", "plain", "r1"), Ld("g", "volatile", "r2") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r1"], reg["r2"] >>)
=============================================================================
