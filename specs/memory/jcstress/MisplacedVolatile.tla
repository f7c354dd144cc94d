--------------------------- MODULE MisplacedVolatile ---------------------------
(* jcstress AdvancedJMM_05_MisplacedVolatile (Racy, NonRacy): a holder's     *)
(* field value refers to a Composite; the writer constructs a new one (its  *)
(* int x = 42: a plain store to a fresh object's field, which starts at 0)   *)
(* and stores it into value with mode Value; the reader loads value with the *)
(* same mode and reads x. value starts at the old Composite, whose x is -1:  *)
(*   thread 0: x = 42 (plain); value = 1 (Value)                             *)
(*   thread 1: r = value (Value); if (r != 0) s = x (plain)                  *)
(* Racy has the volatile on the holder reference instead, which is never     *)
(* written after construction: its volatile loads synchronize with nothing,  *)
(* so Racy is Value = plain. Outcome: the x the reader got: "-1" for the old *)
(* Composite, else "s".                                                      *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, Value
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "value"}, Regs <- {"r", "s"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "plain", 42), St("value", Value, 1) >>
                     ELSE << Ld("value", Value, "r"), IfNe("r", 0, 1), Ld("x", "plain", "s") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< IF reg["r"] = 0 THEN -1 ELSE reg["s"] >>)
=============================================================================
