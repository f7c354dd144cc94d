------------------------------ MODULE BenignRaces ------------------------------
(* jcstress BasicJMM_09_BenignRaces.NonFinal: two actors each get() a lazily *)
(* created object through a single racy read of instance, creating and       *)
(* storing their own (plain) if they read null, and a third thread erases    *)
(* instance (plain). The object's int field x is not final: actor i's object *)
(* is location x_i (0 until its constructor stores 42); instance holds 0     *)
(* (null), 1 or 2 (the actor whose object it is):                            *)
(*   actor i: t = instance; if (t == 0) { x_i = 42; instance = i }           *)
(*            if (t == j) s = x_j      (j the other actor: t is never i)     *)
(*   eraser:  instance = 0                                                   *)
(* The actor's result is x of the object it got: 42 for its own, else what   *)
(* it read. Full and DoubleRead, with a final field, are not expressible:    *)
(* the layer has no final-field semantics. Outcome: "r1, r2".                *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
X(i) == IF i = 1 THEN "x1" ELSE "x2"    \* actor i's object's field
T(i) == IF i = 1 THEN "t1" ELSE "t2"    \* what actor i read of instance
S(i) == IF i = 1 THEN "s1" ELSE "s2"    \* what it read of the other's object
Actor(i, j) == << Ld("inst", "plain", T(i)), IfEq(T(i), 0, 2), St(X(i), "plain", 42),
                  St("inst", "plain", i), IfEq(T(i), j, 1), Ld(X(j), "plain", S(i)) >>
P == INSTANCE Program WITH
        Threads <- 0 .. 2, Locs <- {"inst", "x1", "x2"}, Regs <- {"t1", "t2", "s1", "s2"},
        Prog <- [i \in 0 .. 2 |-> CASE i = 0 -> << St("inst", "plain", 0) >>
                                     [] i = 1 -> Actor(1, 2)
                                     [] i = 2 -> Actor(2, 1)]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Got(i) == IF reg[T(i)] = 0 THEN 42 ELSE reg[S(i)]
Outcome == Tuple(<< Got(1), Got(2) >>)
=============================================================================
