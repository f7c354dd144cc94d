---------------------------- MODULE NonMcaCoherence ----------------------------
(* jcstress AdvancedJMM_03_NonMCA_Coherence, all opaque: IRIW on one         *)
(* location.                                                                 *)
(*   thread 0: x = 1      thread 1: x = 2                                     *)
(*   thread 2: r1 = x; r2 = x          thread 3: r3 = x; r4 = x                *)
(* "1, 2, 2, 1" and "2, 1, 1, 2" (the readers see the two writes in          *)
(* opposite orders) are FORBIDDEN: the writes of one location have one       *)
(* order (coherence), even where other locations' writes do not.             *)
(* Outcome: "r1, r2, r3, r4".                                                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. 3, Locs <- {"x"}, Regs <- {"r1", "r2", "r3", "r4"},
        Prog <- [i \in 0 .. 3 |->
            CASE i = 0 -> << St("x", "opaque", 1) >>
              [] i = 1 -> << St("x", "opaque", 2) >>
              [] i = 2 -> << Ld("x", "opaque", "r1"), Ld("x", "opaque", "r2") >>
              [] i = 3 -> << Ld("x", "opaque", "r3"), Ld("x", "opaque", "r4") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< reg["r1"], reg["r2"], reg["r3"], reg["r4"] >>)
=============================================================================
