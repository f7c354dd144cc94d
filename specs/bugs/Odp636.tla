------------------------------- MODULE Odp636 -------------------------------
(***************************************************************************)
(* A real ordering bug on the load side, seen on hardware, under the       *)
(* memory layer: OpenDataPlane's internal ring (linux-generic,             *)
(* odp_ring_internal.h), whose dequeue loaded the reader head relaxed and  *)
(* then the writer tail with acquire: on an ARM machine with more than 64  *)
(* CPUs a test saw the tail read happen so long before the head read that  *)
(* the tail was behind the head (OpenDataPlane/odp pull request #636,      *)
(* 2018-06-29, by psavol; applied to the repository as commit 838c13654,   *)
(* in v1.19.0.2). The fix loads r_head with acquire and makes the CAS's    *)
(* failure order acquire too (its success order was already acquire).      *)
(* Written from odp_ring_internal.h at 838c13654's parent and the commit;  *)
(* no code is copied here.                                                 *)
(*                                                                         *)
(* ring_deq: head := r_head (relaxed before the fix); loop { tail :=       *)
(* w_tail (acquire); if head = tail: empty; new_head := head + 1 } while   *)
(* the CAS of r_head from head to new_head fails (acquire on success;      *)
(* relaxed on failure before the fix, acquire after; a failure reloads     *)
(* head); then read the slot at new_head. ring_enq: fetch_inc w_head       *)
(* (relaxed), write the slot, wait for the earlier writers, store w_tail   *)
(* with release. The bug: reader R2 reads w_tail = 1 and CASes r_head from *)
(* 0 to 1; reader R1's relaxed load of r_head returns 1, and its acquire   *)
(* load of w_tail, not ordered after the relaxed load, returns the older   *)
(* 0: head is ahead of tail, the empty check (head = tail) misses, and R1  *)
(* takes slot 2, which no writer has filled.                               *)
(*                                                                         *)
(* What the layer says of the merged fix: R1's acquire load of r_head      *)
(* reads R2's CAS, which is acquire only: it releases nothing, so R1       *)
(* synchronizes with nothing and may still read the old w_tail. C11 agrees *)
(* (an acquire load that reads a non-release write orders only R1's own    *)
(* later accesses; read-read coherence binds R1's read of w_tail only to   *)
(* writes that happen before it). The layer rejects the merged fix         *)
(* (Version "merged"), as it rejects valkey #3878's. ARMv8 hardware does   *)
(* order it: R2's CAS store is after its load-acquire of w_tail, R1's      *)
(* load-acquire of r_head reads that store, and ARMv8 is other-multi-copy  *)
(* atomic, so R1's later read of w_tail cannot return an older value than  *)
(* R2 read; x86 likewise. With the CAS acq_rel (Version "acqRelCas", not   *)
(* upstream; the layer's volatile RMW) the layer accepts it.               *)
(*                                                                         *)
(* In the layer: relaxed is opaque, the acquire and release accesses       *)
(* acquire and release, an acquire CAS an acquire RMW (its failure an      *)
(* acquire load, or an opaque one when the failure order is relaxed), the  *)
(* relaxed fetch_inc a plain RMW, the slots plain.                         *)
(*                                                                         *)
(* Modelled: one writer enqueuing one item (slot 1), two readers each      *)
(* dequeuing once (an empty ring ends the dequeue). Abstracted: the ring's *)
(* wrap-around (size larger than the items: no full ring), the writers'    *)
(* and the readers' tail hand-off spins (one writer; the readers' r_tail   *)
(* spin orders their completions, not what they read), ring_deq_multi and  *)
(* ring_enq_multi (the same loads), the data's meaning (queue indexes).    *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before", "merged" (#636) or "acqRelCas" (not upstream)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "merged", "acqRelCas"}

EMPTY == 0      \* ring_deq found the ring empty (RING_EMPTY)
ITEM == 5       \* the item the writer enqueues
JUNK == 9       \* a slot no writer has filled
Wr == "writer"
Readers == {"r1", "r2"}
Slot(i) == IF i = 1 THEN "data1" ELSE "data2"
Locs == {"w_head", "w_tail", "r_head", "data1", "data2"}

\* The mode of each step.
Mode == [
    FetchInc  |-> "plain",      \* ring_enq: odp_atomic_fetch_inc_u32(&w_head), relaxed
    WriteSlot |-> "plain",      \* ring_enq: ring->data[new_head & mask] = data
    StoreTail |-> "release",    \* ring_enq: odp_atomic_store_rel_u32(&w_tail)
    LoadHead  |-> IF Version = "before" THEN "opaque" ELSE "acquire",  \* ring_deq: r_head
    LoadTail  |-> "acquire",    \* ring_deq: odp_atomic_load_acq_u32(&w_tail)
    Cas       |-> IF Version = "acqRelCas" THEN "volatile" ELSE "acquire", \* CAS r_head, success
    CasFail   |-> IF Version = "before" THEN "plain" ELSE "acquire",  \* the CAS's failure order:
                                \* relaxed before #636 (the RMW mode whose failed read is opaque),
                                \* acquire after it (acq_rel's failure order is acquire too)
    ReadSlot  |-> "plain"       \* ring_deq: data = ring->data[new_head & mask]
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    wpc,        \* the writer's next step
    pc,         \* each reader's next step
    head,       \* each reader's head register
    tail,       \* each reader's tail register
    got         \* what each reader's dequeue returned (EMPTY before)

vars == <<mem, buf, msgs, cur, scv, wpc, pc, head, tail, got>>

M == INSTANCE Memory WITH Threads <- {Wr} \cup Readers,
        Init <- [x \in Locs |-> IF x \in {"data1", "data2"} THEN JUNK ELSE 0]

Init ==
    /\ M!MemInit
    /\ wpc = "fetchinc" /\ pc = [r \in Readers |-> "loadhead"]
    /\ head = [r \in Readers |-> 0] /\ tail = [r \in Readers |-> 0] /\ got = [r \in Readers |-> EMPTY]

RKeep == UNCHANGED <<pc, head, tail, got>>

(* ring_enq: one writer, so the w_tail hand-off spin passes at once *)
FetchInc ==
    /\ wpc = "fetchinc"
    /\ \E r \in M!RmwReads(Wr, "w_head", Mode.FetchInc) : M!Rmw(Wr, "w_head", Mode.FetchInc, r, r.val + 1)
    /\ wpc' = "writeslot" /\ RKeep

WriteSlot ==
    /\ wpc = "writeslot"
    /\ M!Store(Wr, "data1", Mode.WriteSlot, ITEM)
    /\ wpc' = "storetail" /\ RKeep

StoreTail ==
    /\ wpc = "storetail"
    /\ M!Store(Wr, "w_tail", Mode.StoreTail, 1)
    /\ wpc' = "done" /\ RKeep

WKeep == UNCHANGED wpc

(* ring_deq *)
LoadHead(r) ==
    /\ pc[r] = "loadhead"
    /\ \E v \in M!Reads(r, "r_head", Mode.LoadHead) :
          M!Load(r, "r_head", Mode.LoadHead, v) /\ head' = [head EXCEPT ![r] = v.val]
    /\ pc' = [pc EXCEPT ![r] = "loadtail"]
    /\ UNCHANGED <<tail, got>> /\ WKeep

LoadTail(r) ==
    /\ pc[r] = "loadtail"
    /\ \E v \in M!Reads(r, "w_tail", Mode.LoadTail) :
          /\ M!Load(r, "w_tail", Mode.LoadTail, v)
          /\ tail' = [tail EXCEPT ![r] = v.val]
          /\ pc' = [pc EXCEPT ![r] = IF head[r] = v.val THEN "done" ELSE "cas"]
    /\ UNCHANGED <<head, got>> /\ WKeep

(* the CAS of r_head; a failure reloads head and goes round the loop again *)
CasHead(r) ==
    /\ pc[r] = "cas"
    /\ \/ /\ M!CasOk(r, "r_head", Mode.Cas, head[r], head[r] + 1)
          /\ pc' = [pc EXCEPT ![r] = "readslot"] /\ UNCHANGED head
       \/ \E v \in M!FailReads(r, "r_head", Mode.CasFail, head[r]) :
          /\ M!CasFail(r, "r_head", Mode.CasFail, v)
          /\ head' = [head EXCEPT ![r] = v.val]
          /\ pc' = [pc EXCEPT ![r] = "loadtail"]
    /\ UNCHANGED <<tail, got>> /\ WKeep

ReadSlot(r) ==
    /\ pc[r] = "readslot"
    /\ \E v \in M!Reads(r, Slot(head[r] + 1), Mode.ReadSlot) :
          M!Load(r, Slot(head[r] + 1), Mode.ReadSlot, v) /\ got' = [got EXCEPT ![r] = v.val]
    /\ pc' = [pc EXCEPT ![r] = "done"]
    /\ UNCHANGED <<head, tail>> /\ WKeep

Flush(t) == M!Flush(t) /\ UNCHANGED <<wpc, pc, head, tail, got>>

Done == wpc = "done" /\ (\A r \in Readers : pc[r] = "done") /\ M!Quiescent

Next ==
    \/ FetchInc \/ WriteSlot \/ StoreTail
    \/ \E r \in Readers : LoadHead(r) \/ LoadTail(r) \/ CasHead(r) \/ ReadSlot(r)
    \/ \E t \in {Wr} \cup Readers : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* A dequeue returns the enqueued item or finds the ring empty, never a slot no writer filled.
DequeuesEnqueued == \A r \in Readers : got[r] \in {EMPTY, ITEM}

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* One reader took the item while the other read r_head as advanced past 0 (the head the
\* racing reader's CAS wrote) and went on to read w_tail: the bug's race.
Witness_ReadsAdvancedHead ==
    Witness("ReadsAdvancedHead",
        \E r, s \in Readers : r # s /\ got[s] = ITEM /\ head[r] = 1 /\ pc[r] \in {"cas", "done"})
=============================================================================
