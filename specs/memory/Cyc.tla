--------------------------------- MODULE Cyc ---------------------------------
(* Load buffering with control dependencies, the out-of-thin-air shape:      *)
(*   thread 0: r0 = x; if (r0 != 0) y = 1                                     *)
(*   thread 1: r1 = y; if (r1 != 0) x = 1                                     *)
(* every access with mode Mode. "1, 1" needs each store to be read before    *)
(* the load that decides it: no execution justifies it but itself. The       *)
(* catalogues disagree on plain accesses: JAM19 (lincheck                    *)
(* JamMemoryModelTests) grades it "never" with opaque accesses (testCyc) but *)
(* "sometimes" with plain ones (testCycNa: JAM's no-thin-air axiom covers    *)
(* opaque and stronger accesses only), while jcstress's BasicJMM_10_OOTA,    *)
(* the same program with plain fields (its guard "== 1" is "!= 0" on these   *)
(* values) observed through the final x, y, grades every outcome but "0, 0"  *)
(* forbidden: JLS Example 17.4.8-1 is this program, correctly synchronized,  *)
(* so only its sequentially consistent result is allowed.                    *)
(* The layer has no promises: it reaches "0, 0" only. Observe: "registers"   *)
(* ("r0, r1", JAM19) or "finals" (the final "x, y", jcstress).               *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, Mode, Observe
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "y"}, Regs <- {"r0", "r1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << Ld("x", Mode, "r0"), IfNe("r0", 0, 1), St("y", Mode, 1) >>
                     ELSE << Ld("y", Mode, "r1"), IfNe("r1", 0, 1), St("x", Mode, 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == IF Observe = "registers" THEN Tuple(<< reg["r0"], reg["r1"] >>)
           ELSE Tuple(<< P!M!Final("x"), P!M!Final("y") >>)
=============================================================================
