----------------------------- MODULE RaceOverwrite -----------------------------
(* A plain read after synchronizing with a write that raced with another:    *)
(*   thread 1: x = 1 (opaque)                                                  *)
(*   thread 2: r1 = x (opaque); x = 2; y = 1 (release)                         *)
(*   thread 3: r2 = y (acquire); r3 = x                                        *)
(* x = 2 happens before r3 (release/acquire), so r3 may not return the       *)
(* initial 0 (it happens before x = 2). x = 1 does not happen before x = 2:  *)
(* thread 2's opaque read of it synchronizes with nothing. So JLS 17.4.5     *)
(* lets the plain r3 return 1 even when r1 = 1 put x = 1 before x = 2 in     *)
(* coherence order: "1, 1, 1". The layer's views are timestamps in           *)
(* modification order: its plain read is bounded by the newest write that   *)
(* happens before it, and everything older, x = 1 included, is out of        *)
(* reach; the manifest lists "1, 1, 1" as not modelled (Memory.tla's header  *)
(* says why no design depends on it). x86-TSO forbids it.                    *)
(* Outcome: "r1, r2, r3".                                                    *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3}, Locs <- {"x", "y"}, Regs <- {"r1", "r2", "r3"},
        Prog <- [t \in {1, 2, 3} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "x", mode |-> "opaque", val |-> 1] >>
              [] t = 2 -> << [op |-> "load",  loc |-> "x", mode |-> "opaque", reg |-> "r1"],
                             [op |-> "store", loc |-> "x", mode |-> "plain", val |-> 2],
                             [op |-> "store", loc |-> "y", mode |-> "release", val |-> 1] >>
              [] t = 3 -> << [op |-> "load",  loc |-> "y", mode |-> "acquire", reg |-> "r2"],
                             [op |-> "load",  loc |-> "x", mode |-> "plain", reg |-> "r3"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", " \o ToString(reg["r3"])
=============================================================================
