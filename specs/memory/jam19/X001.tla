--------------------------------- MODULE X001 ---------------------------------
(* JAM19's X001, from the x86 litmus tests (lincheck                         *)
(* JamMemoryModelTests.testX001), all opaque:                                *)
(*   thread 0: x = 1; r0 = y           thread 1: y = 1; eax = y; ebx = x       *)
(* "0, 1, 0" is graded "sometimes" (store buffering, thread 1 reading its    *)
(* own store first). Outcome: "r0, eax, ebx".                                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r0", "eax", "ebx"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "opaque", 1), Ld("y", "opaque", "r0") >>
                     ELSE << St("y", "opaque", 1), Ld("y", "opaque", "eax"), Ld("x", "opaque", "ebx") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r0"], reg["eax"], reg["ebx"] >>)
=============================================================================
