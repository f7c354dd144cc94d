------------------------------ MODULE Roachmotel ------------------------------
(* JAM19's roachmotel (lincheck JamMemoryModelTests: testRoachmotel,        *)
(* testRoachmotel2):                                                         *)
(*   thread 0: z = 1 (release); a = 1 (plain)   (DataFirst: a = 1 first)     *)
(*   thread 1: r0 = x (opaque); if (r0 != 0) { z (acquire load, discarded);  *)
(*             r2 = a (plain); if (r2 != 0) y = 1 (opaque) }                 *)
(*   thread 2: r3 = y (opaque); if (r3 != 0) x = 1 (opaque)                  *)
(* "1, 1, 1, 1" is graded "never": x = 1 needs y = 1, which needs x = 1.     *)
(* Outcome: the final "a, z, x, y".                                          *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, DataFirst
VARIABLES mem, buf, msgs, cur, scv, pc, reg
WriteZ == St("z", "release", 1)
WriteA == St("a", "plain", 1)
P == INSTANCE Program WITH
        Threads <- 0 .. 2, Locs <- {"a", "x", "y", "z"}, Regs <- {"r0", "s", "r2", "r3"},
        Prog <- [i \in 0 .. 2 |->
            CASE i = 0 -> IF DataFirst THEN << WriteA, WriteZ >> ELSE << WriteZ, WriteA >>
              [] i = 1 -> << Ld("x", "opaque", "r0"), IfNe("r0", 0, 4), Ld("z", "acquire", "s"),
                             Ld("a", "plain", "r2"), IfNe("r2", 0, 1), St("y", "opaque", 1) >>
              [] i = 2 -> << Ld("y", "opaque", "r3"), IfNe("r3", 0, 1), St("x", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< P!M!Final("a"), P!M!Final("z"), P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
