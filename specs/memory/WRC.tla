---------------------------------- MODULE WRC ----------------------------------
(* Write-to-read causality, with the last read in two modes:                 *)
(*   thread 1: x = 1 (opaque)                                                  *)
(*   thread 2: r1 = x (opaque); y = 1 (release)                                *)
(*   thread 3: r2 = y (acquire); r3 = x (LastLoad)                             *)
(* "1, 1, 0": thread 3 synchronized with thread 2, which had read x = 1, and *)
(* still reads the initial x. For an opaque (or stronger) last read this     *)
(* breaks coherence: thread 2's read of x happens before thread 3's (RC11's  *)
(* coherence axiom, hb;eco irreflexive; Java's opaque is C11's relaxed), so  *)
(* it is forbidden. For a plain last read only happens-before bounds it (JLS *)
(* 17.4.5): x = 1 does not happen before it, since thread 2's opaque read    *)
(* synchronized with nothing, so it is allowed. This is why a release        *)
(* message carries two views, coh for the reader's coherent loads and hb for *)
(* its plain ones. x86-TSO forbids it. Outcome: "r1, r2, r3".                *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, LastLoad
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3}, Locs <- {"x", "y"}, Regs <- {"r1", "r2", "r3"},
        Prog <- [t \in {1, 2, 3} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "x", mode |-> "opaque", val |-> 1] >>
              [] t = 2 -> << [op |-> "load",  loc |-> "x", mode |-> "opaque", reg |-> "r1"],
                             [op |-> "store", loc |-> "y", mode |-> "release", val |-> 1] >>
              [] t = 3 -> << [op |-> "load",  loc |-> "y", mode |-> "acquire", reg |-> "r2"],
                             [op |-> "load",  loc |-> "x", mode |-> LastLoad, reg |-> "r3"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"]) \o ", " \o ToString(reg["r3"])
=============================================================================
