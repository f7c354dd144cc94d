------------------------------ MODULE JavaArrays ------------------------------
(* jcstress BasicJMM_03_WordTearing.JavaArrays: two threads each set one     *)
(* element of a boolean array (plain); the arbiter reads both. Each element  *)
(* is its own location, so neither store can undo the other: "true, true"   *)
(* only. Outcome: the final "bs[0], bs[1]" as booleans.                      *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"bs0", "bs1"}, Regs <- {},
        Prog <- [i \in {0, 1} |-> IF i = 0 THEN << St("bs0", "plain", 1) >> ELSE << St("bs1", "plain", 1) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Bool(v) == IF v = 1 THEN "true" ELSE "false"
Outcome == Bool(P!M!Final("bs0")) \o ", " \o Bool(P!M!Final("bs1"))
=============================================================================
