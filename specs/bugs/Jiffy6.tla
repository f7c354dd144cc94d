--------------------------------- MODULE Jiffy6 ---------------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: DolevAdas/Jiffy issue #6    *)
(* (2021: the producer's store of a node's is_set flag is relaxed, so the  *)
(* consumer may see the flag set and still read the node's data as it was *)
(* before the producer wrote it; closed as a duplicate of pull request #1, *)
(* "Fix enqueue atomic order", open in the stored copy). Jiffy is the      *)
(* wait-free multi-producer single-consumer queue of Adas and Friedman.    *)
(* Written from a reading of MpScQueue.h at commit 82cb6fb (October 2020,  *)
(* the repository's newest commit in the stored copy) and of the issue;    *)
(* no code of it is copied here.                                           *)
(*                                                                         *)
(* MpScQueue::enqueue takes a position with a fetch_add on gTail           *)
(* (seq_cst), finds the node of that position in the buffer list (loads   *)
(* of tailOfQueue, acquire), writes the item into the node's data field    *)
(* (plain) and stores 1 into the node's is_set (relaxed). The consumer's   *)
(* MpScQueue::dequeue checks emptiness against gTail (acquire), loads the  *)
(* is_set of the node at its head (acquire) and, when it is 1, moves its   *)
(* head on and reads the node's data (plain). A relaxed flag store         *)
(* releases nothing: the consumer's acquire load of it synchronizes with   *)
(* nothing, and its read of data may return the node's default value. The *)
(* fix the issue proposes (and the pull request's title names) is a       *)
(* release store of is_set.                                                *)
(*                                                                         *)
(* Modelled: two producers, one item each, into one buffer of two nodes,   *)
(* the consumer dequeuing until it took two items. C11's seq_cst RMW is    *)
(* the layer's volatile RMW, its relaxed store the layer's opaque store,   *)
(* the node's non-atomic data plain. Abstracted: the buffer list (new      *)
(* buffers, tailOfQueue, going back to an earlier buffer, freeing          *)
(* buffers), the consumer's scan for a later set node while the head node  *)
(* is still being written (here the dequeue returns nothing and is tried   *)
(* again; the scan's take, tn->data after an acquire load of tn->is_set,   *)
(* has the same shape as the fast path modelled), the "handled" state 2,   *)
(* and the item type (an int; a T with a constructor only widens the race).*)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before" (commit 82cb6fb) or "fixed" (is_set stored with release)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "fixed"}

Producers == {"p1", "p2"}
Consumer == "c"
Item(p) == IF p = "p1" THEN 1 ELSE 2   \* the item each producer enqueues (0: the node's default)
Size == 2

Data(i) == "data" \o ToString(i)
IsSet(i) == "isset" \o ToString(i)
Locs == {"gTail"} \cup {Data(i) : i \in 0 .. Size - 1} \cup {IsSet(i) : i \in 0 .. Size - 1}

\* The mode of each step.
Mode == [
    TakeSlot  |-> "volatile",   \* enqueue: gTail.fetch_add(1, seq_cst)
    WriteData |-> "plain",      \* enqueue: n->data = data
    SetFlag   |-> IF Version = "before" THEN "opaque" ELSE "release",
                                \* enqueue: n->is_set.store(1, relaxed); the fix: release
    LoadTail  |-> "acquire",    \* dequeue: the emptiness check, gTail.load(acquire)
    LoadFlag  |-> "acquire",    \* dequeue: n->is_set.load(acquire)
    ReadData  |-> "plain"       \* dequeue: data = n->data
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* [Producers -> step]
    loc,        \* [Producers -> the position its fetch_add took]
    cpc,        \* the consumer's next step
    head,       \* the consumer's head (it is its only user)
    taken,      \* history: the data the consumer read, in order
    enq         \* history: [position -> the item enqueued there], as far as written

vars == <<mem, buf, msgs, cur, scv, pc, loc, cpc, head, taken, enq>>
prodVars == <<pc, loc, enq>>
consVars == <<cpc, head, taken>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "take"] /\ loc = [p \in Producers |-> -1]
    /\ cpc = "tail" /\ head = 0 /\ taken = <<>>
    /\ enq = [i \in 0 .. Size - 1 |-> 0]

(* enqueue: location = gTail.fetch_add(1) *)
TakeSlot(p) ==
    /\ pc[p] = "take"
    /\ \E r \in M!RmwReads(p, "gTail", Mode.TakeSlot) :
          /\ M!Rmw(p, "gTail", Mode.TakeSlot, r, r.val + 1)
          /\ loc' = [loc EXCEPT ![p] = r.val]
    /\ pc' = [pc EXCEPT ![p] = "write"]
    /\ UNCHANGED enq /\ UNCHANGED consVars

WriteData(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, Data(loc[p]), Mode.WriteData, Item(p))
    /\ enq' = [enq EXCEPT ![loc[p]] = Item(p)]
    /\ pc' = [pc EXCEPT ![p] = "flag"]
    /\ UNCHANGED loc /\ UNCHANGED consVars

SetFlag(p) ==
    /\ pc[p] = "flag"
    /\ M!Store(p, IsSet(loc[p]), Mode.SetFlag, 1)
    /\ pc' = [pc EXCEPT ![p] = "done"]
    /\ UNCHANGED <<loc, enq>> /\ UNCHANGED consVars

(* dequeue: empty if head = gTail (one buffer: prevSize is 0) *)
LoadTail ==
    /\ cpc = "tail" /\ head < Size
    /\ \E r \in M!Reads(Consumer, "gTail", Mode.LoadTail) :
          /\ M!Load(Consumer, "gTail", Mode.LoadTail, r)
          /\ cpc' = IF r.val = head THEN "tail" ELSE "flag"
    /\ UNCHANGED <<head, taken>> /\ UNCHANGED prodVars

(* dequeue: the head node's is_set; 0 (still being written): the dequeue *)
(* gives up and is tried again                                           *)
LoadFlag ==
    /\ cpc = "flag"
    /\ \E r \in M!Reads(Consumer, IsSet(head), Mode.LoadFlag) :
          /\ M!Load(Consumer, IsSet(head), Mode.LoadFlag, r)
          /\ cpc' = IF r.val = 1 THEN "data" ELSE "tail"
    /\ UNCHANGED <<head, taken>> /\ UNCHANGED prodVars

(* dequeue: head++, data = n->data *)
ReadData ==
    /\ cpc = "data"
    /\ \E r \in M!Reads(Consumer, Data(head), Mode.ReadData) :
          /\ M!Load(Consumer, Data(head), Mode.ReadData, r)
          /\ taken' = Append(taken, r.val)
    /\ head' = head + 1 /\ cpc' = "tail"
    /\ UNCHANGED prodVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, loc, cpc, head, taken, enq>>

Done == head = Size /\ \A p \in Producers : pc[p] = "done" /\ M!Quiescent

Step ==
    \/ \E p \in Producers : TakeSlot(p) \/ WriteData(p) \/ SetFlag(p)
    \/ LoadTail \/ LoadFlag \/ ReadData
    \/ \E t \in Producers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Step]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The consumer dequeues the item enqueued at each position, never the node's default.
DequeuesEnqueuedItem == \A i \in 1 .. Len(taken) : taken[i] = enq[i - 1] /\ taken[i] # 0

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The consumer has taken an item while the other producer is between its fetch_add and its
\* flag store: a take that races with an enqueue in flight.
Witness_TakesWhileEnqueuing == Witness("TakesWhileEnqueuing",
    Len(taken) >= 1 /\ \E p \in Producers : pc[p] \in {"write", "flag"})

\* The consumer has taken both items, each after reading its node's flag set.
Witness_TakesBoth == Witness("TakesBoth", Len(taken) = 2)
=============================================================================
