-------------------------------- MODULE Arfna --------------------------------
(* JAM19's arfna and c tests (lincheck JamMemoryModelTests: testArfna,       *)
(* testArfnaTransformed, testC, testCReorder), a cycle through plain         *)
(* accesses guarded by opaque ones and branches:                             *)
(*   thread 0: r0 = x (opaque); if (r0 != 0) { t = a; b = 1;                 *)
(*             if (t != 0) y = 1 (opaque) }                                  *)
(*   thread 1: r1 = y (opaque); if (r1 != 0) { u = b;                        *)
(*             if (u != 0) { a = 1; x = 1 (opaque) } }                       *)
(* a and b are plain. StoreFirst swaps thread 0's "t = a" and "b = 1" (the   *)
(* Transformed and Reorder variants). JAM19 grades "never" both r0 = r1 = 1  *)
(* (testArfna, observed as "r0, r1") and a = b = 1 at the end (testC, with   *)
(* p, q for a, b, observed as the final "a, b"): either needs a store to be  *)
(* read before the load that decides it is performed, and the opaque        *)
(* accesses forbid that cycle (JAM's axiom: po and rf acyclic among opaque   *)
(* and stronger accesses).                                                   *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, StoreFirst, Observe   \* Observe: "registers" or "finals"
VARIABLES mem, buf, msgs, cur, scv, pc, reg
ReadA == Ld("a", "plain", "t")
WriteB == St("b", "plain", 1)
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y", "a", "b"}, Regs <- {"r0", "r1", "t", "u"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << Ld("x", "opaque", "r0"), IfNe("r0", 0, 4),
                             IF StoreFirst THEN WriteB ELSE ReadA, IF StoreFirst THEN ReadA ELSE WriteB,
                             IfNe("t", 0, 1), St("y", "opaque", 1) >>
                     ELSE << Ld("y", "opaque", "r1"), IfNe("r1", 0, 4),
                             Ld("b", "plain", "u"), IfNe("u", 0, 2),
                             St("a", "plain", 1), St("x", "opaque", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == IF Observe = "registers" THEN Tuple(<< reg["r0"], reg["r1"] >>)
           ELSE Tuple(<< P!M!Final("a"), P!M!Final("b") >>)
=============================================================================
