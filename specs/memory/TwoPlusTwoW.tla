------------------------------ MODULE TwoPlusTwoW ------------------------------
(* 2+2W:  thread 1: x = 1; y = 2        thread 2: y = 1; x = 2                *)
(* Outcome: the final "x, y". "1, 1" means each location's last write is the *)
(* other thread's first store: the two threads' stores reached memory in     *)
(* orders no single interleaving has. x86-TSO forbids it (FIFO buffers), the *)
(* JMM allows it for plain and opaque stores, and release/acquire            *)
(* consistency (RA, Lahav et al. POPL 2016) allows it for release stores:    *)
(* a write takes any place in its location's order after what its thread    *)
(* has seen. Volatile stores forbid it. The shape of the sharded consumer's  *)
(* clear against the next lap's item write.                                  *)
EXTENDS Integers, Sequences, TLC
CONSTANTS Strength, StoreMode
VARIABLES mem, buf, msgs, cur, scv, pc, reg
P == INSTANCE Program WITH
        Threads <- {1, 2}, Locs <- {"x", "y"}, Regs <- {},
        Prog <- [t \in {1, 2} |->
            IF t = 1 THEN << [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 1],
                             [op |-> "store", loc |-> "y", mode |-> StoreMode, val |-> 2] >>
                     ELSE << [op |-> "store", loc |-> "y", mode |-> StoreMode, val |-> 1],
                             [op |-> "store", loc |-> "x", mode |-> StoreMode, val |-> 2] >>]
Spec == P!Spec
TypeOK == P!TypeOK
Finished == P!Finished
Outcome == ToString(P!M!Final("x")) \o ", " \o ToString(P!M!Final("y"))
=============================================================================
