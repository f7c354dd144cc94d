------------------------------ MODULE Valkey3797 ------------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: valkey-io/valkey issue      *)
(* #3797 (2026: Valkey 9.0.2 in production on aarch64 failed the assertion *)
(* that a job slot is empty in IOJobQueue_push), fixed by pull request     *)
(* #3878. Written from a reading of src/io_threads.c in the stored copy of *)
(* the repository (October 2024; the IOJobQueue functions are the ones the *)
(* pull request's hunk changes) and of the pull request's visible hunk; no *)
(* code of it is copied here.                                              *)
(*                                                                         *)
(* IOJobQueue is a single-producer single-consumer ring of jobs {handler,  *)
(* data} from the main thread to one I/O thread, with atomic head (written *)
(* by the main thread) and tail (written by the I/O thread) indexes; it is *)
(* full when head + 1 = tail (mod size).                                   *)
(*  - main thread: IOJobQueue_isFull loads tail (relaxed); if not full,    *)
(*    IOJobQueue_push asserts the slot at head holds no job (data and      *)
(*    handler NULL, plain reads), writes the job (plain) and stores head   *)
(*    with release;                                                        *)
(*  - I/O thread: IOJobQueue_availableJobs loads head with acquire;        *)
(*    IOJobQueue_peek reads the job at tail (plain), the handler runs,     *)
(*    IOJobQueue_removeJob clears the slot (plain NULL stores) and stores  *)
(*    tail + 1, relaxed before the fix; a release fence follows the whole  *)
(*    batch in IOThreadMain.                                               *)
(* The relaxed tail store publishes a free slot without its NULLs: the     *)
(* main thread can see the new tail and still read the old job in the     *)
(* slot, and its assertion fails. The pull request's hunk makes the store  *)
(* release (and the batch's trailing fence goes). The main thread's load   *)
(* of tail is relaxed in the source we read; a relaxed load synchronizes   *)
(* with nothing, so the model checks three versions:                       *)
(*   "before"        tail stored relaxed, loaded relaxed;                  *)
(*   "storeRelease"  tail stored with release (the hunk: the merged        *)
(*                   change), loaded relaxed;                              *)
(*   "fixed"         tail stored with release, loaded with acquire (this   *)
(*                   project's proposal: not upstream's).                  *)
(* C11's relaxed atomics are the layer's opaque accesses (coherent, no     *)
(* ordering); the C code's plain slot accesses are plain.                  *)
(*                                                                         *)
(* Modelled: a ring of 2 slots (one job in flight: slot 0, then 1, then 0  *)
(* again), the main thread trying Jobs pushes (a push that finds the ring  *)
(* full is done by the main thread itself, as the callers do), the I/O     *)
(* thread taking jobs one at a time. The job is one field (data; handler   *)
(* is written and cleared with it, in the same way).                       *)
(*                                                                         *)
(* Abstracted: the handler field, the batch (jobs_to_process) and its      *)
(* trailing release fence (the layer has no fences; the fence orders the   *)
(* batch's stores only before a later batch's tail store, and a relaxed    *)
(* load on the main thread would not acquire it anyway), the spin and the  *)
(* mutex of IOThreadMain, drainIOThreadsQueue, several I/O threads, the    *)
(* jobs' own work.                                                         *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before", "storeRelease" or "fixed" (see above)
    Jobs,       \* pushes the main thread tries
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "storeRelease", "fixed"} /\ Jobs \in Nat \ {0}

Size == 2
NULL == 0
Main == "main"
IO == "io"

\* The mode of each step.
Mode == [
    LoadTail  |-> IF Version = "fixed" THEN "acquire" ELSE "opaque",   \* IOJobQueue_isFull: tail
    CheckSlot |-> "plain",      \* IOJobQueue_push: the assertion's read of the slot
    WriteJob  |-> "plain",      \* IOJobQueue_push: the job's fields
    StoreHead |-> "release",    \* IOJobQueue_push: head, memory_order_release
    LoadHead  |-> "acquire",    \* IOJobQueue_availableJobs: head, memory_order_acquire
    Peek      |-> "plain",      \* IOJobQueue_peek: the job's fields
    ClearSlot |-> "plain",      \* IOJobQueue_removeJob: data = NULL, handler = NULL
    StoreTail |-> IF Version = "before" THEN "opaque" ELSE "release"  \* IOJobQueue_removeJob: tail
]

Slot(i) == "slot" \o ToString(i)
Locs == {"head", "tail"} \cup {Slot(i) : i \in 0 .. Size - 1}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    mpc,        \* the main thread's next step
    k,          \* the job it pushes next (1 .. Jobs)
    mhead,      \* its head index (it is head's only writer)
    checked,    \* what its assertion read from the slot (NULL if not yet)
    iopc,       \* the I/O thread's next step
    iotail,     \* its tail index (it is tail's only writer)
    pushed,     \* history: the jobs pushed, in order
    taken       \* history: the jobs the I/O thread read, in order

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, mpc, k, mhead, checked, iopc, iotail, pushed, taken>>
mainVars == <<mpc, k, mhead, checked, pushed>>
ioVars == <<iopc, iotail, taken>>

M == INSTANCE Memory WITH Threads <- {Main, IO}, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ mpc = "isfull" /\ k = 1 /\ mhead = 0 /\ checked = NULL
    /\ iopc = "avail" /\ iotail = 0
    /\ pushed = <<>> /\ taken = <<>>

Next1(i) == (i + 1) % Size

(* IOJobQueue_isFull: full if head + 1 = tail; then the main thread does   *)
(* the job itself                                                           *)
IsFull ==
    /\ mpc = "isfull" /\ k <= Jobs
    /\ \E r \in M!Reads(Main, "tail", Mode.LoadTail) :
          /\ M!Load(Main, "tail", Mode.LoadTail, r)
          /\ IF Next1(mhead) = r.val
                THEN mpc' = "isfull" /\ k' = k + 1
                ELSE mpc' = "check" /\ UNCHANGED k
    /\ UNCHANGED <<mhead, checked, pushed>> /\ UNCHANGED ioVars

(* IOJobQueue_push: serverAssert(slot's data == NULL) *)
CheckSlot ==
    /\ mpc = "check"
    /\ \E r \in M!Reads(Main, Slot(mhead), Mode.CheckSlot) :
          M!Load(Main, Slot(mhead), Mode.CheckSlot, r) /\ checked' = r.val
    /\ mpc' = "write"
    /\ UNCHANGED <<k, mhead, pushed>> /\ UNCHANGED ioVars

WriteJob ==
    /\ mpc = "write"
    /\ M!Store(Main, Slot(mhead), Mode.WriteJob, k)
    /\ mpc' = "publish" /\ checked' = NULL
    /\ UNCHANGED <<k, mhead, pushed>> /\ UNCHANGED ioVars

StoreHead ==
    /\ mpc = "publish"
    /\ M!Store(Main, "head", Mode.StoreHead, Next1(mhead))
    /\ mhead' = Next1(mhead) /\ pushed' = Append(pushed, k) /\ k' = k + 1
    /\ mpc' = "isfull"
    /\ UNCHANGED checked /\ UNCHANGED ioVars

(* IOJobQueue_availableJobs: waits until head differs from its tail *)
LoadHead ==
    /\ iopc = "avail"
    /\ \E r \in M!Reads(IO, "head", Mode.LoadHead) :
          r.val # iotail /\ M!Load(IO, "head", Mode.LoadHead, r)
    /\ iopc' = "peek"
    /\ UNCHANGED <<iotail, taken>> /\ UNCHANGED mainVars

Peek ==
    /\ iopc = "peek"
    /\ \E r \in M!Reads(IO, Slot(iotail), Mode.Peek) :
          M!Load(IO, Slot(iotail), Mode.Peek, r) /\ taken' = Append(taken, r.val)
    /\ iopc' = "clear"
    /\ UNCHANGED iotail /\ UNCHANGED mainVars

(* IOJobQueue_removeJob *)
ClearSlot ==
    /\ iopc = "clear"
    /\ M!Store(IO, Slot(iotail), Mode.ClearSlot, NULL)
    /\ iopc' = "tail"
    /\ UNCHANGED <<iotail, taken>> /\ UNCHANGED mainVars

StoreTail ==
    /\ iopc = "tail"
    /\ M!Store(IO, "tail", Mode.StoreTail, Next1(iotail))
    /\ iotail' = Next1(iotail) /\ iopc' = "avail"
    /\ UNCHANGED taken /\ UNCHANGED mainVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<mpc, k, mhead, checked, iopc, iotail, pushed, taken>>

\* The main thread has tried every push; the I/O thread has taken every pushed job.
Done == k > Jobs /\ mpc = "isfull" /\ iopc = "avail" /\ Len(taken) = Len(pushed) /\ M!Quiescent

Step ==
    \/ IsFull \/ CheckSlot \/ WriteJob \/ StoreHead
    \/ LoadHead \/ Peek \/ ClearSlot \/ StoreTail
    \/ \E t \in {Main, IO} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Step]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* IOJobQueue_push's assertion: the slot it fills holds no job.
SlotFreeOnPush == mpc = "write" => checked = NULL

\* The I/O thread takes exactly the jobs pushed, in order.
TakesPushedJobs == \A i \in 1 .. Len(taken) : i <= Len(pushed) /\ taken[i] = pushed[i]

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* A slot is reused: the main thread is about to fill slot 0 again after the I/O thread
\* freed it (the path of the assertion).
Witness_SlotReused == Witness("SlotReused", mpc = "write" /\ Len(pushed) >= Size /\ mhead = 0)
=============================================================================
