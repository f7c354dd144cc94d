-------------------------------- MODULE ByteCas --------------------------------
(* jcstress BasicJMM_03_WordTearing.ByteCAS: each thread compareAndSets its  *)
(* own boolean field from false to true. Distinct fields are distinct        *)
(* locations: both succeed, "true, true" only. Outcome: "r1, r2", each the   *)
(* CAS's success (the witness it read was the expected false).               *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"a", "b"}, Regs <- {"r1", "r2"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << Cae("a", "volatile", 0, 1, "r1") >> ELSE << Cae("b", "volatile", 0, 1, "r2") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Bool(b) == IF b THEN "true" ELSE "false"
Outcome == Bool(reg["r1"] = 0) \o ", " \o Bool(reg["r2"] = 0)
=============================================================================
