-------------------------------- MODULE CoRWR --------------------------------
(* JAM19's CoRWR (lincheck JamMemoryModelTests.testCoRWR), one thread, all   *)
(* opaque:  eax = x; x = 1; ebx = x                                          *)
(* "1, 0" is graded "never": the first read cannot see the thread's own      *)
(* later store, and the last read cannot miss it (coherence).                *)
(* Outcome: "eax, ebx".                                                      *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0}, Locs <- {"x"}, Regs <- {"eax", "ebx"},
        Prog <- [i \in {0} |-> << Ld("x", "opaque", "eax"), St("x", "opaque", 1), Ld("x", "opaque", "ebx") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["eax"], reg["ebx"] >>)
=============================================================================
