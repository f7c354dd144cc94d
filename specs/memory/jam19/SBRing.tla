-------------------------------- MODULE SBRing --------------------------------
(* JAM19's store-buffering rings, all accesses opaque (lincheck              *)
(* JamMemoryModelTests: testPodrw001 with 3 threads, test4SB with 4, test6SB *)
(* with 6): thread i stores 1 to location i, then loads location i + 1       *)
(* (mod N) into r_i. "0, ..., 0" (every load before every other thread's     *)
(* store is visible) is graded "sometimes": opaque orders nothing across     *)
(* locations. Outcome: "r_0, ..., r_(N-1)".                                   *)
EXTENDS Integers, Sequences, Instructions
CONSTANTS Strength, N
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- 0 .. N - 1, Locs <- 0 .. N - 1, Regs <- 0 .. N - 1,
        Prog <- [t \in 0 .. N - 1 |-> << St(t, "opaque", 1), Ld((t + 1) % N, "opaque", t) >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == Tuple([i \in 1 .. N |-> reg[i - 1]])
=============================================================================
