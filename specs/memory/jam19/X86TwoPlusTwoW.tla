---------------------------- MODULE X86TwoPlusTwoW ----------------------------
(* JAM19's x86-2+2W (lincheck JamMemoryModelTests.testX86_2plus2W), all     *)
(* opaque:   thread 0: x = 2; y = 1         thread 1: y = 2; x = 1            *)
(* "2, 2" is graded "sometimes": each location's last write is the other     *)
(* thread's first store (../TwoPlusTwoW.tla with the values swapped).        *)
(* Outcome: the final "x, y".                                                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "opaque", 2), St("y", "opaque", 1) >>
                     ELSE << St("y", "opaque", 2), St("x", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
