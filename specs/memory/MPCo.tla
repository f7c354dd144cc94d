--------------------------------- MODULE MPCo ---------------------------------
(* Message passing through a coherence edge (JLS 17.4.4):                    *)
(*   thread 1: a = 1; v = 1      thread 2: v = 2      thread 3: r1 = v; r2 = a   *)
(* a is plain; v is stored with FlagStore and loaded with FlagLoad.          *)
(* "2, 0, 2" (r1 = 2, r2 = 0, and v = 2 at the end, so v = 1 came first):    *)
(* with volatile v the JLS forbids it, because a volatile write              *)
(* synchronizes-with every later volatile read of v in the synchronization   *)
(* order, not only the one that reads it: thread 3's read comes after v = 1, *)
(* so a = 1 happens before r2. With release/acquire the acquire synchronizes *)
(* only with the write it reads (thread 2's, which saw nothing of a), so the *)
(* JMM allows it, as C11 release/acquire does (no release sequence runs      *)
(* through another thread's store). x86-TSO forbids it in every mode.        *)
(* "1, 0, _" is plain MP. Outcome: "r1, r2, v" (v: its final value).         *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, FlagStore, FlagLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3}, Locs <- {"a", "v"}, Regs <- {"r1", "r2"},
        Prog <- [t \in {1, 2, 3} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "a", mode |-> "plain", val |-> 1],
                             [op |-> "store", loc |-> "v", mode |-> FlagStore, val |-> 1] >>
              [] t = 2 -> << [op |-> "store", loc |-> "v", mode |-> FlagStore, val |-> 2] >>
              [] t = 3 -> << [op |-> "load",  loc |-> "v", mode |-> FlagLoad, reg |-> "r1"],
                             [op |-> "load",  loc |-> "a", mode |-> "plain", reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", " \o ToString(P!M!Final("v"))
=============================================================================
