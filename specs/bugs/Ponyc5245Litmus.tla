--------------------------- MODULE Ponyc5245Litmus ---------------------------
(***************************************************************************)
(* The litmus test behind docs/bugs.md entry 13 (ponyc #5245): message    *)
(* passing through another thread's read-modify-write, the shape of a C11 *)
(* release sequence.                                                       *)
(*   thread 1: x = 1; y.store(1, release)                                  *)
(*   thread 2: r3 = y.compare_exchange(1, 2) with mode RmwMode             *)
(*   thread 3: r1 = y.load(acquire); r2 = x                                *)
(* "2, 0" (thread 3 reads thread 2's RMW, which read thread 1's release,   *)
(* and then misses x = 1) is forbidden in C11 and C++20 whatever the RMW's *)
(* order, relaxed included: the RMW continues the release sequence headed  *)
(* by thread 1's store, and an acquire that reads from a release sequence  *)
(* synchronizes with its head. ARMv8 forbids it too (x's write, the        *)
(* store-release, the RMW's write after it in coherence order, thread 3's  *)
(* load-acquire reading it and its load of x make a cycle in ordered-      *)
(* before). The layer reaches it for every RMW mode that does not both     *)
(* acquire and release (its RMW passes on its own views, not those of the  *)
(* message it read): the layer's gap. Outcome: "r1, r2".                   *)
(***************************************************************************)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, RmwMode, Reach   \* Reach: the witness a run must reach, or "none"
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2, 3}, Locs <- {"x", "y"}, Regs <- {"r1", "r2", "r3"},
        Prog <- [t \in {1, 2, 3} |->
            CASE t = 1 -> << [op |-> "store", loc |-> "x", mode |-> "plain", val |-> 1],
                             [op |-> "store", loc |-> "y", mode |-> "release", val |-> 1] >>
              [] t = 2 -> << [op |-> "cae", loc |-> "y", mode |-> RmwMode, exp |-> 1, val |-> 2,
                              reg |-> "r3"] >>
              [] t = 3 -> << [op |-> "load", loc |-> "y", mode |-> "acquire", reg |-> "r1"],
                             [op |-> "load", loc |-> "x", mode |-> "plain", reg |-> "r2"] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Outcome == ToString(reg["r1"]) \o ", " \o ToString(reg["r2"])
\* C11's release sequence: the outcome "2, 0" is never reached.
ReleaseSequence == ~(P!Finished /\ reg["r1"] = 2 /\ reg["r2"] = 0)
\* Witness: thread 3 does read thread 2's RMW (the chain is exercised, the success is not vacuous).
Witness_ReadsRmw == Reach # "ReadsRmw" \/ ~(P!Finished /\ reg["r1"] = 2)
=============================================================================
