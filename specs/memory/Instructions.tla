----------------------------- MODULE Instructions -----------------------------
(***************************************************************************)
(* Shorthands for Program.tla's instructions and for an outcome string,    *)
(* for the catalogue modules (jam19/, jcstress/): a program reads as the   *)
(* test it transcribes. Each stands for exactly the record Program.tla     *)
(* documents; nothing here has a meaning of its own.                       *)
(***************************************************************************)
EXTENDS Integers, Sequences, TLC

St(x, m, v)   == [op |-> "store", loc |-> x, mode |-> m, val |-> v]   \* x = v
Ld(x, m, r)   == [op |-> "load", loc |-> x, mode |-> m, reg |-> r]    \* r = x
Cae(x, m, e, v, r) ==                                                  \* r = x.compareAndExchange(e, v)
    [op |-> "cae", loc |-> x, mode |-> m, exp |-> e, val |-> v, reg |-> r]
IfEq(r, v, n) == [op |-> "if", reg |-> r, cmp |-> "=", val |-> v, then |-> n]  \* if (r == v) { next n }
IfNe(r, v, n) == [op |-> "if", reg |-> r, cmp |-> "#", val |-> v, then |-> n]  \* if (r != v) { next n }

\* The jcstress result format: the values, separated by ", ".
RECURSIVE Tuple(_)
Tuple(s) == IF Len(s) = 1 THEN ToString(Head(s)) ELSE ToString(Head(s)) \o ", " \o Tuple(Tail(s))
=============================================================================
