-------------------------------- MODULE MPCoCas --------------------------------
(* MPCo.tla with thread 3's read of v a failed compareAndExchange:           *)
(*   thread 1: a = 1; v = 1      thread 2: v = 2                               *)
(*   thread 3: r1 = v.compareAndExchange(9, 7) (CasMode); r2 = a               *)
(* All stores of v are volatile; no thread writes 9, so the CAS always fails *)
(* and r1 is the witness it read. A volatile CAS reads with the semantics of *)
(* getVolatile even when it fails (VarHandle.compareAndExchange), so it is   *)
(* a volatile read: v = 1 synchronizes-with it whenever v = 1 came first in  *)
(* the synchronization order, and "2, 0, 2" is forbidden, as in MPCo. The    *)
(* layer's failed volatile CAS joins the views of every volatile write of v. *)
(* Outcome: "r1, r2, v" (v: its final value).                                *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, CasMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3}, Locs <- {"a", "v"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2, 3} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "a", mode |-> "plain", val |-> 1],
                             [op |-> "store", loc |-> "v", mode |-> "volatile", val |-> 1] >>
              [] t = 2 -> << [op |-> "store", loc |-> "v", mode |-> "volatile", val |-> 2] >>
              [] t = 3 -> << [op |-> "cae", loc |-> "v", mode |-> CasMode, exp |-> 9, val |-> 7,
                              reg |-> "r1"],
                             [op |-> "load",  loc |-> "a", mode |-> "plain", reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", " \o ToString(P!M!Final("v"))
=============================================================================
