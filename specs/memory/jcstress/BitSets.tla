-------------------------------- MODULE BitSets --------------------------------
(* jcstress BasicJMM_03_WordTearing.BitSets: java.util.BitSet keeps bits 0  *)
(* and 1 in one word, and set(i) is a plain read of the word, then a plain   *)
(* write of it with the bit or-ed in; written here with branches on the     *)
(* value read (the word holds 0 to 3):                                       *)
(*   thread 0: w0 = w; if (w0 == 0) w = 1; if (w0 == 2) w = 3                 *)
(*   thread 1: w1 = w; if (w1 == 0) w = 2; if (w1 == 1) w = 3                 *)
(* Both reading 0 loses one update: "true, false" or "false, true".          *)
(* Outcome: the final "bit 0, bit 1" as booleans.                            *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"w"}, Regs <- {"w0", "w1"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << Ld("w", "plain", "w0"), IfEq("w0", 0, 1), St("w", "plain", 1),
                             IfEq("w0", 2, 1), St("w", "plain", 3) >>
                     ELSE << Ld("w", "plain", "w1"), IfEq("w1", 0, 1), St("w", "plain", 2),
                             IfEq("w1", 1, 1), St("w", "plain", 3) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Bool(b) == IF b THEN "true" ELSE "false"
Outcome == Bool(P!M!Final("w") % 2 = 1) \o ", " \o Bool(P!M!Final("w") \div 2 = 1)
=============================================================================
