----------------------------- MODULE Crossbeam97 -----------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: crossbeam's MsQueue         *)
(* (src/sync/ms_queue.rs, 2016), whose blocking pop hands the element over *)
(* through a Signal flag stored and loaded Relaxed: crossbeam-rs/crossbeam *)
(* issue #97 ("Incorrect atomic orderings in MS Queue?", 2016-12-29, by    *)
(* carllerche, found in review), fixed by pull request #98 (merged, commit *)
(* bf1fb562): Release on the store, Acquire on the load. Written from      *)
(* src/sync/ms_queue.rs at the parent of f9e8a1c1 (the pull request's      *)
(* commit) and the diff; no code is copied here.                           *)
(*                                                                         *)
(* A pop that finds the queue empty puts a Signal {thread, data: None,     *)
(* ready: false} on its stack, pushes a blocked node pointing to it (the   *)
(* push's CASes are Release) and loops: while !ready.load(Relaxed)         *)
(* { thread::park() }, then takes data. A push that finds the queue in     *)
(* blocking mode loads head and head.next (Acquire), unlinks the blocked   *)
(* node with a CAS, writes the element into signal.data (a plain write),   *)
(* stores ready = true (Relaxed before the fix) and unparks the popper.    *)
(* thread::park may return spuriously, so nothing but ready orders the     *)
(* data write before the popper's read of it; a Relaxed flag orders        *)
(* nothing: the popper can see ready and still read data as None (its      *)
(* unwrap panics). The reporter thought x86's implicit ordering and the    *)
(* park/unpark of the day hid it; a later comment (2018) says its author   *)
(* thinks he hit it on x86, which TSO hardware alone does not explain (a   *)
(* compiler may reorder relaxed accesses; the layer's "tso" strength       *)
(* models the hardware only).                                              *)
(*                                                                         *)
(* In the layer: Rust's Relaxed is the layer's opaque, Release and Acquire *)
(* its release and acquire, the Signal's plain fields plain. park is a     *)
(* step with no memory effect that may return at any time (a spurious      *)
(* wakeup); unpark is not modelled (it only ends a park earlier).          *)
(*                                                                         *)
(* Modelled: one popper that blocks, one pusher that finds it blocked and  *)
(* hands it one element. The queue's nodes are one location (the blocked   *)
(* node, published by the popper's Release CAS and found by the pusher's   *)
(* Acquire load): the popper's Signal initialisation happens before the    *)
(* pusher's writes. Abstracted: the data-mode paths, several pushers and   *)
(* poppers, the epoch GC (issue #107 and pull request #146 fixed a use-    *)
(* after-free of the Signal at unpark: another bug).                       *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before" (Relaxed ready) or "fixed" (#98: Release store, Acquire load)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "fixed"}

NONE == 0       \* Option::None
ITEM == 1       \* the element pushed
BLOCKED == 1    \* the blocked node is in the queue
Popper == "popper"
Pusher == "pusher"
Locs == {"node", "data", "ready"}

\* The mode of each step.
Mode == [
    PushBlocked |-> "release",   \* push_internal: the CASes that link the blocked node (Release)
    FindBlocked |-> "acquire",   \* push: head.next.load(Acquire), the blocked node
    WriteData   |-> "plain",     \* (*signal).data = Some(...)
    StoreReady  |-> IF Version = "fixed" THEN "release" ELSE "opaque",  \* ready.store(true, ..)
    LoadReady   |-> IF Version = "fixed" THEN "acquire" ELSE "opaque",  \* ready.load(..)
    ReadData    |-> "plain"      \* signal.data.unwrap()
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    opc,        \* the popper's next step
    spc,        \* the pusher's next step
    popped,     \* what the popper's unwrap read (NONE before)
    parked      \* history: the popper parked at least once

vars == <<mem, buf, msgs, cur, scv, opc, spc, popped, parked>>

M == INSTANCE Memory WITH Threads <- {Popper, Pusher},
        Init <- [x \in Locs |-> 0]      \* node: none yet; data: None; ready: false (0)

Init == M!MemInit /\ opc = "pushblocked" /\ spc = "findblocked" /\ popped = NONE /\ parked = FALSE

(* pop: push_internal(tail, blocked node) succeeded *)
PushBlocked ==
    /\ opc = "pushblocked"
    /\ M!Store(Popper, "node", Mode.PushBlocked, BLOCKED)
    /\ opc' = "loadready"
    /\ UNCHANGED <<spc, popped, parked>>

(* while !signal.ready.load(..) { park } *)
LoadReady ==
    /\ opc = "loadready"
    /\ \E r \in M!Reads(Popper, "ready", Mode.LoadReady) :
          /\ M!Load(Popper, "ready", Mode.LoadReady, r)
          /\ opc' = IF r.val = 1 THEN "readdata" ELSE "park"
    /\ UNCHANGED <<spc, popped, parked>>

(* thread::park(): returns after an unpark, or spuriously *)
Park ==
    /\ opc = "park"
    /\ opc' = "loadready" /\ parked' = TRUE
    /\ UNCHANGED <<spc, popped>> /\ UNCHANGED <<mem, buf, msgs, cur, scv>>

(* return signal.data.unwrap() *)
ReadData ==
    /\ opc = "readdata"
    /\ \E r \in M!Reads(Popper, "data", Mode.ReadData) :
          M!Load(Popper, "data", Mode.ReadData, r) /\ popped' = r.val
    /\ opc' = "done"
    /\ UNCHANGED <<spc, parked>>

(* push, blocking mode: the blocked node is found (and unlinked by the head CAS) *)
FindBlocked ==
    /\ spc = "findblocked"
    /\ \E r \in M!Reads(Pusher, "node", Mode.FindBlocked) :
          r.val = BLOCKED /\ M!Load(Pusher, "node", Mode.FindBlocked, r)
    /\ spc' = "writedata"
    /\ UNCHANGED <<opc, popped, parked>>

WriteData ==
    /\ spc = "writedata"
    /\ M!Store(Pusher, "data", Mode.WriteData, ITEM)
    /\ spc' = "storeready"
    /\ UNCHANGED <<opc, popped, parked>>

(* ready.store(true, ..); then unpark (no memory effect here) *)
StoreReady ==
    /\ spc = "storeready"
    /\ M!Store(Pusher, "ready", Mode.StoreReady, 1)
    /\ spc' = "done"
    /\ UNCHANGED <<opc, popped, parked>>

Flush(t) == M!Flush(t) /\ UNCHANGED <<opc, spc, popped, parked>>

Done == opc = "done" /\ spc = "done" /\ M!Quiescent

Next ==
    \/ PushBlocked \/ LoadReady \/ Park \/ ReadData
    \/ FindBlocked \/ WriteData \/ StoreReady
    \/ \E t \in {Popper, Pusher} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The blocked pop returns the element the push handed it (its unwrap never meets None).
PopGetsElement == opc = "done" => popped = ITEM

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The popper parked (it read ready as false) and then took the element.
Witness_ParkedThenTaken == Witness("ParkedThenTaken", parked /\ opc = "done")
=============================================================================
