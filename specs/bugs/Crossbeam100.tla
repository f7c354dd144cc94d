---------------------------- MODULE Crossbeam100 ----------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer, on the load side:           *)
(* crossbeam's MsQueue (src/sync/ms_queue.rs, 2017), whose blocking pop    *)
(* loads the queue's tail Relaxed and then reads the tail node's fields:   *)
(* crossbeam-rs/crossbeam issue #100 ("Another incorrect atomic orderings  *)
(* in MS Queue?", 2016-12-30, by jeehoonkang, found in review), fixed by   *)
(* pull request #132 (merged, commit 8f1da152, 2017-04-07): the load made  *)
(* Acquire. Written from src/sync/ms_queue.rs at 8f1da152's parent and the *)
(* diff; no code is copied here.                                           *)
(*                                                                         *)
(* A push allocates a node (payload, and next = null: plain writes of      *)
(* fresh memory), links it after the tail node with a Release CAS of the   *)
(* tail node's next, and swings the queue's tail to it with a Release CAS. *)
(* pop, before blocking, snapshots the tail (self.tail.load(Relaxed)),     *)
(* reads its payload (tail.is_data(): which mode the queue is in) and then *)
(* push_internal reads its next (Acquire) to check that it is the last     *)
(* node. A Relaxed load of the tail pointer synchronizes with nothing: the *)
(* popper can read the new node's payload and next as they were before     *)
(* the pusher initialised them (the issue: "it is not guaranteed that a    *)
(* load from tail.next sees an initialized value"). On ARMv8 hardware the  *)
(* field reads are address-dependent on the tail pointer, which orders     *)
(* them; the bug is one of the C11 (Rust) contract, which the layer        *)
(* checks; no failure was reported.                                        *)
(*                                                                         *)
(* In the layer: Relaxed is opaque, Acquire and Release acquire and        *)
(* release, a Release CAS a release RMW, the node's fields plain (their    *)
(* memory before initialisation is a location's initial value, JUNK).      *)
(*                                                                         *)
(* Modelled: the queue's sentinel S (tail = S, S.next = null), one pusher  *)
(* pushing one data node N, one popper taking the tail snapshot and        *)
(* reading the snapshot's payload and next. Abstracted: the rest of pop    *)
(* and push (what the popper does with what it read), several threads, the *)
(* epoch GC.                                                               *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before" (tail loaded Relaxed) or "fixed" (#132: Acquire)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "fixed"}

NULL == 0
NODE == 1       \* the pushed node N
SENTINEL == 2   \* the queue's sentinel S
DATA == 3       \* N's payload: Payload::Data
JUNK == 7       \* N's fields before the pusher initialises them
Pusher == "pusher"
Popper == "popper"
Locs == {"tail", "nextS", "nextN", "payloadN"}

\* The mode of each step.
Mode == [
    InitPayload |-> "plain",     \* Owned::new(Node { payload, .. })
    InitNext    |-> "plain",     \* .. next: Atomic::null()
    LinkNext    |-> "release",   \* push_internal: onto.next.cas_and_ref(None, n, Release)
    SwingTail   |-> "release",   \* push_internal: self.tail.cas_shared(.., Release)
    LoadTail    |-> IF Version = "fixed" THEN "acquire" ELSE "opaque",  \* pop: self.tail.load(..)
    ReadPayload |-> "plain",     \* pop: tail.is_data()
    ReadNext    |-> "acquire"    \* push_internal(tail, ..): onto.next.load(Acquire)
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    ppc,        \* the pusher's next step
    opc,        \* the popper's next step
    snap,       \* the popper's tail snapshot (NULL before)
    payloadSeen, nextSeen       \* what the popper read of the snapshot's fields (NULL before)

vars == <<mem, buf, msgs, cur, scv, ppc, opc, snap, payloadSeen, nextSeen>>

M == INSTANCE Memory WITH Threads <- {Pusher, Popper},
        Init <- [x \in Locs |-> CASE x = "tail" -> SENTINEL
                                  [] x = "nextS" -> NULL
                                  [] OTHER -> JUNK]

Init ==
    /\ M!MemInit
    /\ ppc = "initpayload" /\ opc = "loadtail" /\ snap = NULL
    /\ payloadSeen = NULL /\ nextSeen = NULL

OKeep == UNCHANGED <<opc, snap, payloadSeen, nextSeen>>

InitPayload ==
    /\ ppc = "initpayload"
    /\ M!Store(Pusher, "payloadN", Mode.InitPayload, DATA)
    /\ ppc' = "initnext" /\ OKeep

InitNext ==
    /\ ppc = "initnext"
    /\ M!Store(Pusher, "nextN", Mode.InitNext, NULL)
    /\ ppc' = "linknext" /\ OKeep

LinkNext ==
    /\ ppc = "linknext"
    /\ M!CasOk(Pusher, "nextS", Mode.LinkNext, NULL, NODE)
    /\ ppc' = "swingtail" /\ OKeep

SwingTail ==
    /\ ppc = "swingtail"
    /\ M!CasOk(Pusher, "tail", Mode.SwingTail, SENTINEL, NODE)
    /\ ppc' = "done" /\ OKeep

PKeep == UNCHANGED ppc

(* let tail = self.tail.load(..) *)
LoadTail ==
    /\ opc = "loadtail"
    /\ \E r \in M!Reads(Popper, "tail", Mode.LoadTail) :
          /\ M!Load(Popper, "tail", Mode.LoadTail, r)
          /\ snap' = r.val
          /\ opc' = IF r.val = NODE THEN "readpayload" ELSE "done"
    /\ UNCHANGED <<payloadSeen, nextSeen>> /\ PKeep

ReadPayload ==
    /\ opc = "readpayload"
    /\ \E r \in M!Reads(Popper, "payloadN", Mode.ReadPayload) :
          M!Load(Popper, "payloadN", Mode.ReadPayload, r) /\ payloadSeen' = r.val
    /\ opc' = "readnext"
    /\ UNCHANGED <<snap, nextSeen>> /\ PKeep

ReadNext ==
    /\ opc = "readnext"
    /\ \E r \in M!Reads(Popper, "nextN", Mode.ReadNext) :
          M!Load(Popper, "nextN", Mode.ReadNext, r) /\ nextSeen' = r.val
    /\ opc' = "done"
    /\ UNCHANGED <<snap, payloadSeen>> /\ PKeep

Flush(t) == M!Flush(t) /\ UNCHANGED <<ppc, opc, snap, payloadSeen, nextSeen>>

Done == ppc = "done" /\ opc = "done" /\ M!Quiescent

Next ==
    \/ InitPayload \/ InitNext \/ LinkNext \/ SwingTail
    \/ LoadTail \/ ReadPayload \/ ReadNext
    \/ \E t \in {Pusher, Popper} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The popper reads the node its tail snapshot names as the pusher initialised it.
SeesInitialisedNode ==
    /\ payloadSeen \in {NULL, DATA}
    /\ nextSeen # JUNK

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The popper's snapshot is the new node and it read both of its fields.
Witness_ReadsNewTail == Witness("ReadsNewTail", snap = NODE /\ opc = "done")
=============================================================================
