------------------------------ MODULE Ponyc5245 ------------------------------
(***************************************************************************)
(* ponylang/ponyc pull request #5245 (2026, merged as 29357d771): the     *)
(* hand-off of an actor between scheduler threads through its message      *)
(* queue, under the memory layer. Written from a reading of ponyc's        *)
(* src/libponyrt/actor/messageq.c, actor.c and sched/mpmcq.c at the        *)
(* parent of 29357d771 and at 29357d771; no code of them is copied here.   *)
(*                                                                         *)
(* The hand-off (three threads):                                           *)
(*  - O, the previous owner, ran the actor: its pops moved q->tail (a      *)
(*    plain field), then ponyint_messageq_markempty CASed q->head from the *)
(*    tail to the tail with its low bit set (acq_rel): the queue is empty  *)
(*    and the actor unscheduled;                                           *)
(*  - S, a sender: messageq_push exchanges q->head for its message; it     *)
(*    reads the marked value (was_empty), so S schedules the actor:        *)
(*    ponyint_sched_add -> ponyint_mpmcq_push onto a scheduler's run queue *)
(*    (a release fence, then relaxed exchange and store);                  *)
(*  - N, the next owner: ponyint_mpmcq_pop takes the actor (acq_rel CAS   *)
(*    and fence, acquire load of the data); ponyint_actor_run loads        *)
(*    q->head with acquire, then ponyint_actor_messageq_pop reads q->tail. *)
(* N must see O's q->tail. Before the PR, S's exchange on q->head was      *)
(* relaxed (after a release fence): S acquires nothing from O, so the      *)
(* chain O -> S -> run queue -> N carries nothing of O. What carries O's   *)
(* writes to N in C11 is the release sequence: S's exchange is a read-     *)
(* modify-write, so it continues the release sequence headed by O's CAS,   *)
(* and N's acquire load of q->head, which reads S's exchange (or a later   *)
(* RMW: N is after S, so it cannot read older), synchronizes with O's      *)
(* CAS. After the PR the exchange is acq_rel: S acquires O's CAS itself,   *)
(* and its release on the run queue passes O's writes on to N.             *)
(*                                                                         *)
(* The memory layer has no release sequences: an RMW's message carries     *)
(* its own thread's views only if it releases, never the views of the      *)
(* message it read (Memory.tla's header; WeakWrite in Rmw). So the layer   *)
(* rejects the code before the PR (Version "before"), an execution C11     *)
(* forbids: the violation is the layer's gap, not a reproduction of the    *)
(* bug (docs/bugs.md, entry 13). The code after the PR (Version "after")   *)
(* needs no release sequence, and the layer accepts it.                    *)
(*                                                                         *)
(* Modes: the layer has no acq_rel RMW; a mode weaker than the C code's is *)
(* used where the layer accepts, and where it rejects the mode shown is    *)
(* what the code's fences give: MarkEmpty (acq_rel CAS) as "release" (its  *)
(* releasing half; its acquire half plays no part here), the "before"     *)
(* Push (release fence, then relaxed exchange) as "release", the "after"   *)
(* Push (acq_rel exchange) as "acquire" (its acquiring half: accepted      *)
(* without the releasing half, so accepted with it).                       *)
(*                                                                         *)
(* Abstracted: the message nodes (q->tail's new value is the number 1; the *)
(* head's values are 0, the tail unmarked, 1, marked empty, and 2, S's     *)
(* message), the run queue (one location: S's push a release store, N's    *)
(* pop an acquire load that waits for it), the payloads, muting, the       *)
(* cycle detector, push_single, the mpmcq's own nodes; one hand-off.       *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before" (relaxed exchange after a release fence) or "after" (acq_rel)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "after"}

Owner == "O"
Sender == "S"
NewOwner == "N"

\* The mode of each step in the layer (see the header for acq_rel).
Mode == [
    PopTail   |-> "plain",      \* O: ponyint_actor_messageq_pop, q->tail = next
    MarkEmpty |-> "release",    \* O: ponyint_messageq_markempty, CAS of q->head (acq_rel)
    Push      |-> IF Version = "before"
                  THEN "release" \* S: messageq_push, release fence + relaxed exchange of q->head
                  ELSE "acquire",\* S: messageq_push after the PR, acq_rel exchange of q->head
    Schedule  |-> "release",    \* S: ponyint_sched_add -> ponyint_mpmcq_push (release fence ...)
    Take      |-> "acquire",    \* N: ponyint_mpmcq_pop (acq_rel CAS, fence, acquire load)
    LoadHead  |-> "acquire",    \* N: ponyint_actor_run, atomic_load_explicit(&q.head, acquire)
    ReadTail  |-> "plain"       \* N: ponyint_actor_messageq_pop, q->tail
]

Locs == {"tail", "head", "runq"}
Unmarked == 0
Marked == 1
Message == 2

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    opc, spc, npc,              \* each thread's next step
    tailSeen                    \* what N read from q->tail (-1: not yet)

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, opc, spc, npc, tailSeen>>

M == INSTANCE Memory WITH Threads <- {Owner, Sender, NewOwner},
        Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ opc = "pop" /\ spc = "push" /\ npc = "take"
    /\ tailSeen = -1

(* O: the pops it did while it ran the actor moved q->tail *)
PopTail ==
    /\ opc = "pop"
    /\ M!Store(Owner, "tail", Mode.PopTail, 1)
    /\ opc' = "markempty"
    /\ UNCHANGED <<spc, npc, tailSeen>>

(* O: markempty: CAS q->head from the tail to the tail marked; if a push  *)
(* came first, the queue is not empty and O keeps the actor (no hand-off)  *)
MarkEmpty ==
    /\ opc = "markempty"
    /\ \/ M!CasOk(Owner, "head", Mode.MarkEmpty, Unmarked, Marked)
       \/ M!CasFails(Owner, "head", Mode.MarkEmpty, Unmarked)
    /\ opc' = "done"
    /\ UNCHANGED <<spc, npc, tailSeen>>

(* S: prev = exchange(q->head, message); was_empty if prev is marked *)
Push ==
    /\ spc = "push"
    /\ \E r \in M!RmwReads(Sender, "head", Mode.Push) :
          /\ M!Rmw(Sender, "head", Mode.Push, r, Message)
          /\ spc' = IF r.val = Marked THEN "schedule" ELSE "done"
    /\ UNCHANGED <<opc, npc, tailSeen>>

(* S: the actor was empty, so S schedules it *)
Schedule ==
    /\ spc = "schedule"
    /\ M!Store(Sender, "runq", Mode.Schedule, 1)
    /\ spc' = "done"
    /\ UNCHANGED <<opc, npc, tailSeen>>

(* N: takes the actor from its run queue (waits until it is there) *)
Take ==
    /\ npc = "take"
    /\ \E r \in M!Reads(NewOwner, "runq", Mode.Take) :
          r.val = 1 /\ M!Load(NewOwner, "runq", Mode.Take, r)
    /\ npc' = "loadhead"
    /\ UNCHANGED <<opc, spc, tailSeen>>

(* N: ponyint_actor_run's acquire load of q->head *)
LoadHead ==
    /\ npc = "loadhead"
    /\ \E r \in M!Reads(NewOwner, "head", Mode.LoadHead) : M!Load(NewOwner, "head", Mode.LoadHead, r)
    /\ npc' = "readtail"
    /\ UNCHANGED <<opc, spc, tailSeen>>

(* N: messageq_pop reads q->tail *)
ReadTail ==
    /\ npc = "readtail"
    /\ \E r \in M!Reads(NewOwner, "tail", Mode.ReadTail) :
          M!Load(NewOwner, "tail", Mode.ReadTail, r) /\ tailSeen' = r.val
    /\ npc' = "done"
    /\ UNCHANGED <<opc, spc>>

Flush(t) == M!Flush(t) /\ UNCHANGED <<opc, spc, npc, tailSeen>>

Finished == opc = "done" /\ spc = "done" /\ npc \in {"done", "take"} /\ M!Quiescent

Step ==
    \/ PopTail \/ MarkEmpty \/ Push \/ Schedule \/ Take \/ LoadHead \/ ReadTail
    \/ \E t \in {Owner, Sender, NewOwner} : Flush(t)
    \/ Finished /\ UNCHANGED vars

Spec == Init /\ [][Step]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The next owner sees the previous owner's q->tail (with a stale tail it would pop and free
\* a node again, the kind of failure issue #5243's assertion in ponyint_pool_free reports).
NextOwnerSeesTail == tailSeen # -1 => tailSeen = 1

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The hand-off happens: S found the actor marked empty, scheduled it, and N read q->tail.
Witness_HandOff == Witness("HandOff", tailSeen # -1)
=============================================================================
