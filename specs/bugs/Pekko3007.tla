------------------------------ MODULE Pekko3007 ------------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer, on the load side: Apache    *)
(* Pekko's AbstractNodeQueue (the actor mailbox's multi-producer, single-  *)
(* consumer linked queue) after pull request #1990 ("avoid                 *)
(* sun.misc.Unsafe by using VarHandles"), fixed by pull request #3007      *)
(* (merged 2026-05-29, commit 6a52d0cfa1). Written from                    *)
(* actor/src/main/java/org/apache/pekko/dispatch/AbstractNodeQueue.java    *)
(* at 6a52d0cfa1's parent and at 6a52d0cfa1, and the commit's message; no  *)
(* code is copied here.                                                    *)
(*                                                                         *)
(* add(v) allocates a node (its constructor writes value, a plain field),  *)
(* exchanges the queue's head for it (AtomicReference.getAndSet: a         *)
(* volatile RMW; prev := the old head) and stores the node into prev's     *)
(* next with setRelease. The consumer's pollNode reads its tail node's     *)
(* next; if it is null but head (a volatile get) is not the tail, a        *)
(* producer is between its exchange and its link, and the consumer spins   *)
(* on next until it shows; then it takes the node's value. #1990 turned    *)
(* every consumer read of next from Unsafe.getObjectVolatile into          *)
(* VarHandle.get, a plain read although the field is declared volatile;    *)
(* #3007 makes it getAcquire. Three versions of the read (Version):        *)
(*  "unsafe"     before #1990: getObjectVolatile, a volatile load;         *)
(*  "varHandle"  #1990: VarHandle.get, a plain load;                       *)
(*  "fixed"      #3007: getAcquire.                                        *)
(* A plain read of next that sees the producer's release store joins       *)
(* nothing: the consumer's plain read of the node's value may still return *)
(* the default null. That is the happens-before half of the bug, which     *)
(* #3007's message names (no happens-before with the published node) and   *)
(* this model shows. What was observed is the other half, a liveness       *)
(* failure: JDK 25 nightly stream tests hung with the consumer spinning in *)
(* pollNode at 97% CPU, the JIT having hoisted the plain read of next out  *)
(* of the spin loop. The layer checks safety only; it does let a plain     *)
(* load return the same stale value forever (the hoisting's effect), but   *)
(* states no progress property.                                            *)
(*                                                                         *)
(* Modelled: two producers adding one element each, one consumer polling   *)
(* until it has taken both (an empty poll is retried). The consumer's tail *)
(* is its own variable: only it writes the tail field, and its reads of it *)
(* in pollNode read its own writes (#3007 makes those getAcquire too, for  *)
(* isEmpty and count from other threads, which are not modelled).          *)
(* Abstracted: the consumer's writes to the node it leaves (value := null, *)
(* next := null: nothing reads them later), peekNode, isEmpty, count,      *)
(* addNode, AbstractBoundedNodeQueue (same fix), node reuse.               *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "unsafe", "varHandle" or "fixed" (see above)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"unsafe", "varHandle", "fixed"}

NULL == 0
STUB == 3                           \* the node the queue starts with; producer p1's node is 1, p2's 2
Producers == {"p1", "p2"}
Con == "consumer"
NodeOf(p) == IF p = "p1" THEN 1 ELSE 2
ValueOf(n) == 10 * n                \* the element node n carries
NextLoc(n) == CASE n = 1 -> "next1" [] n = 2 -> "next2" [] OTHER -> "nextStub"
ValueLoc(n) == IF n = 1 THEN "value1" ELSE "value2"
Locs == {"head", "nextStub", "next1", "next2", "value1", "value2"}

\* The mode of each step.
Mode == [
    Construct |-> "plain",      \* new Node(value): this.value = value
    Swap      |-> "volatile",   \* add: getAndSet(n) on the head (AtomicReference)
    SetNext   |-> "release",    \* add: prev.setNext(n), nextHandle.setRelease
    LoadNext  |-> (CASE Version = "unsafe" -> "volatile"   \* Unsafe.getObjectVolatile
                 [] Version = "varHandle" -> "plain"       \* VarHandle.get
                 [] OTHER -> "acquire"),                   \* VarHandle.getAcquire
    LoadHead  |-> "volatile",   \* pollNode: get() (AtomicReference)
    ReadValue |-> "plain"       \* pollNode: tail.value = next.value
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* each producer's next step
    prev,       \* the node each producer's getAndSet returned
    cpc,        \* the consumer's next step
    tail,       \* the consumer's tail node
    next,       \* the node the consumer's last read of tail.next returned
    taken       \* history: the elements the consumer polled, in order

vars == <<mem, buf, msgs, cur, scv, pc, prev, cpc, tail, next, taken>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Con},
        Init <- [x \in Locs |-> IF x = "head" THEN STUB ELSE NULL]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "construct"] /\ prev = [p \in Producers |-> NULL]
    /\ cpc = "loadnext" /\ tail = STUB /\ next = NULL /\ taken = <<>>

CKeep == UNCHANGED <<cpc, tail, next, taken>>

-----------------------------------------------------------------------------
(* add(v) = n := new Node(v); getAndSet(n).setNext(n) *)

Construct(p) ==
    /\ pc[p] = "construct"
    /\ M!Store(p, ValueLoc(NodeOf(p)), Mode.Construct, ValueOf(NodeOf(p)))
    /\ pc' = [pc EXCEPT ![p] = "swap"]
    /\ UNCHANGED prev /\ CKeep

Swap(p) ==
    /\ pc[p] = "swap"
    /\ \E r \in M!RmwReads(p, "head", Mode.Swap) :
          M!Rmw(p, "head", Mode.Swap, r, NodeOf(p)) /\ prev' = [prev EXCEPT ![p] = r.val]
    /\ pc' = [pc EXCEPT ![p] = "setnext"]
    /\ CKeep

SetNext(p) ==
    /\ pc[p] = "setnext"
    /\ M!Store(p, NextLoc(prev[p]), Mode.SetNext, NodeOf(p))
    /\ pc' = [pc EXCEPT ![p] = "done"]
    /\ UNCHANGED prev /\ CKeep

-----------------------------------------------------------------------------
(* poll() = pollNode(), then the value; the consumer polls until it has both elements *)

PKeep == UNCHANGED <<pc, prev>>

(* Node next = tail.next(), and the spin loop's reads of it *)
LoadNext ==
    /\ cpc \in {"loadnext", "spin"} /\ Len(taken) < 2
    /\ \E r \in M!Reads(Con, NextLoc(tail), Mode.LoadNext) :
          /\ M!Load(Con, NextLoc(tail), Mode.LoadNext, r)
          /\ next' = r.val
          /\ cpc' = CASE r.val # NULL -> "readvalue"
                      [] cpc = "spin" -> "spin"       \* do { next = tail.next(); } while (next == null)
                      [] OTHER -> "loadhead"
    /\ UNCHANGED <<tail, taken>> /\ PKeep

(* if (next == null && get() != tail): spin; else the queue is empty: poll returns null *)
LoadHead ==
    /\ cpc = "loadhead"
    /\ \E r \in M!Reads(Con, "head", Mode.LoadHead) :
          /\ M!Load(Con, "head", Mode.LoadHead, r)
          /\ cpc' = IF r.val # tail THEN "spin" ELSE "loadnext"
    /\ UNCHANGED <<tail, next, taken>> /\ PKeep

(* tail.value = next.value; ... tail := next; poll returns the value *)
ReadValue ==
    /\ cpc = "readvalue"
    /\ \E r \in M!Reads(Con, ValueLoc(next), Mode.ReadValue) :
          /\ M!Load(Con, ValueLoc(next), Mode.ReadValue, r)
          /\ taken' = Append(taken, r.val)
    /\ tail' = next
    /\ cpc' = "loadnext"
    /\ UNCHANGED next /\ PKeep

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, prev, cpc, tail, next, taken>>

Done == (\A p \in Producers : pc[p] = "done") /\ Len(taken) = 2 /\ M!Quiescent

Next ==
    \/ \E p \in Producers : Construct(p) \/ Swap(p) \/ SetNext(p)
    \/ LoadNext \/ LoadHead \/ ReadValue
    \/ \E t \in Producers \cup {Con} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* Every element the consumer polls is one a producer added, never a node's default null.
PollsAddedElements == \A i \in 1 .. Len(taken) : taken[i] \in {ValueOf(1), ValueOf(2)}

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The consumer is in the spin loop: it read next as null while head was not its tail (a
\* producer between its getAndSet and its setNext), the path that hung.
Witness_SpinsForLink == Witness("SpinsForLink", cpc = "spin")

\* The consumer took both elements.
Witness_TakesBoth == Witness("TakesBoth", Len(taken) = 2)
=============================================================================
