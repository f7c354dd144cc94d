---------------------------- MODULE VolatileVsFinal ----------------------------
(* jcstress AdvancedJMM_13_VolatileVsFinal (Synthetic; RealLife, the same    *)
(* with an AtomicInteger, whose constructor stores its volatile value): an   *)
(* object whose constructor stores 42 into its volatile field x is published *)
(* through the plain field h; the reader loads h and, if it is not null, x:  *)
(*   thread 0: x = 42 (volatile); h = 1 (plain)                              *)
(*   thread 1: r = h (plain); if (r != 0) s = x (volatile)                   *)
(* "0" (the object seen, its volatile field not yet) is                      *)
(* ACCEPTABLE_INTERESTING: the plain store of h may become visible before    *)
(* the volatile store of x. Outcome: "-1" when h was null, else "s".         *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {0, 1}, Locs <- {"x", "h"}, Regs <- {"r", "s"},
        Prog <- [i \in {0, 1} |->
            IF i = 0 THEN << St("x", "volatile", 42), St("h", "plain", 1) >>
                     ELSE << Ld("h", "plain", "r"), IfNe("r", 0, 1), Ld("x", "volatile", "s") >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple(<< IF reg["r"] = 0 THEN -1 ELSE reg["s"] >>)
=============================================================================
