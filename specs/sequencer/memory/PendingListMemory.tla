------------------------- MODULE PendingListMemory -------------------------
(***************************************************************************)
(* The pending-list sequencer (PendingList.tla) with every shared-memory   *)
(* access made through the memory layer (specs/memory/Memory.tla), in the *)
(* access mode io.github.uncontended.sequencer.PendingListSequencer uses:  *)
(* the table JavaMode below. The build checks that table against the Java  *)
(* (make test: the access-mode check reads each traced step's call).       *)
(*                                                                         *)
(* Modeled: publish(lo, hi) as the Java runs it, batches included. The     *)
(* claim of n sequences lo..hi (one getAndAdd, n in 1 .. MaxBatch), the    *)
(* slot gating load, the events of the batch written into their ring       *)
(* slots (plain, one store per sequence, as user code writes them between  *)
(* next(n) and publish(lo, hi)), the guard on hi, whose load also picks    *)
(* the fast path: when it reads lo - 1, no parks and no cursor load, one   *)
(* CAS lo - 1 -> hi over the whole batch (CasOverBatch), then the pending  *)
(* load of hi + 1; on the slow path the parks of lo..hi (one store per     *)
(* step, lo first), then one cursor load for the whole batch, expected =   *)
(* max(lo - 1, c), then the run drain: each CAS moves the cursor from    *)
(* expected to top (on the slow path the rest of the batch, parked by the  *)
(* call itself), then the pending loads above it, each parked entry       *)
(* extending the run, up to PendingSize, and the CAS over the run         *)
(* (CasCursor, LoadPending, as PendingList.tla). A consumer               *)
(* waits for the cursor (acquire), reads the event (plain) and marks it    *)
(* consumed (release), one sequence at a time, so that ring slots are      *)
(* reused. MaxBatch = 1 is next()/publish(s) (PendingListMemory.cfg).      *)
(*                                                                         *)
(* Why batches matter here. With one sequence the parker's CAS expects     *)
(* seq - 1 whatever cursor below seq it read, and on x86 that CAS, a       *)
(* locked instruction, puts the park in memory before it can fail.         *)
(* With a batch, the cursor read decides the CAS's expected value when it  *)
(* lies inside the batch, and a drainer can take the batch's first parks   *)
(* while its later ones are not yet visible: a stale ReadCursor (plain,    *)
(* opaque, acquire) loses a publication on weak hardware, and a lazySet    *)
(* park loses one on x86-TSO itself (PendingListMemoryBatch.cfg: a pending *)
(* list of 4, batches of up to 2; with a pending list of 2 a batch of 2    *)
(* always takes the fast path, PendingListMemoryBatchRing.cfg). The       *)
(* guard's wait (hi - cursor > pendingSize) needs a pending list of 2 and  *)
(* a ring larger than 2 (PendingListMemoryGuard.cfg). Which config reaches *)
(* which structural case of the design: PendingListMemoryWitnesses.tla and *)
(* the manifest's "covers".                                                *)
(*                                                                         *)
(* Abstracted away: the spin and yield counts of the waits (a wait is      *)
(* enabled when a value it may read lets it go on), the consumer's batch   *)
(* reads (waitFor returns the cursor and the consumer reads every event    *)
(* up to it; here it waits and reads one sequence at a time), and          *)
(* liveness: a stale read may repeat forever in the layer, so only safety  *)
(* properties are checked here. The losses that a liveness property        *)
(* catches under sequential consistency (a publication never made          *)
(* visible) are stated as safety: once every sequence is published and     *)
(* every publish call has returned, the cursor must cover them all.        *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* the Java's modes; "all" gives every step the mode WeakMode.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    Publishers,    \* the publishing threads
    N,             \* sequences claimed in total: 0 .. N-1
    PendingSize,   \* length of the pending array
    BufferSize,    \* ring size
    MaxBatch,      \* the largest batch one claim takes (Java: maxBatch = pendingSize); 1: next()/publish(s)
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none"
    WeakMode       \* the mode it gets

ASSUME N \in Nat \ {0} /\ PendingSize \in {1, 2, 4} /\ BufferSize \in Nat \ {0} /\ MaxBatch \in 1 .. PendingSize

\* The access mode of each step, as PendingListSequencer and AbstractSequencer use it ("wait": the note at the end).
JavaMode == [
    Claim        |-> "volatile",   \* NEXT.getAndAdd
    AwaitSlot    |-> "acquire",    \* CONSUMED.getAcquire (wait: awaitSlot)
    WriteEvent   |-> "plain",      \* the user's event store into the ring slot
    Guard        |-> "volatile",   \* CURSOR.getVolatile (wait: guard; plain is accepted, for safety only)
    Park         |-> "volatile",   \* pending.set (AtomicLongArray)
    ReadCursor   |-> "volatile",   \* CURSOR.getVolatile (lvCursor, Guard's instruction)
    CasCursor    |-> "volatile",   \* CURSOR.compareAndSet
    CasOverBatch |-> "volatile",   \* CURSOR.compareAndSet (the fast path's, lo - 1 -> hi)
    LoadPending  |-> "volatile",   \* pending.get (AtomicLongArray)
    ConsumerWait |-> "acquire",    \* CURSOR.getAcquire (wait: waitFor)
    ReadEvent    |-> "plain",      \* the user's event load from the ring slot
    Consume      |-> "release"     \* CONSUMED.setRelease (markConsumed)
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

\* WeakStep "all": every step at once (what x86 alone makes of the weakest modes).
Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Consumer == "consumer"
Seqs == 0 .. N - 1
PendingLoc(i) == "pending" \o ToString(i)
EventLoc(i) == "event" \o ToString(i)
\* The ring slots some sequence uses (a larger ring's others are never accessed).
Locs == {"next", "cursor", "consumed"} \cup {PendingLoc(i) : i \in 0 .. PendingSize - 1}
                                     \cup {EventLoc(s % BufferSize) : s \in Seqs}
Max(a, b) == IF a > b THEN a ELSE b

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per publisher: its next step
    seq,        \* per publisher: hi, the last sequence of its claimed batch (a local)
    lo,         \* per publisher: the first sequence of its batch (a local; = seq for a batch of one)
    pos,        \* per publisher: the sequence of its batch whose event it writes, or which it parks, next
                \* (the Java's loop variable; = seq once the loop is done)
    expected,   \* per publisher: the cursor value its next CAS expects (a local)
    top,        \* per publisher: where its next CAS moves the cursor, the run's end (a local)
    cpc,        \* the consumer's next step
    cnext,      \* the next sequence the consumer reads
    got,        \* the event value the consumer last read (a local)
    published   \* history: the sequences whose park (or fast-path guard) has happened

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, pc, seq, lo, pos, expected, top, cpc, cnext, got, published>>

M == INSTANCE Memory WITH Threads <- Publishers \cup {Consumer}, Init <- [x \in Locs |-> -1]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Publishers |-> "claim"]
    /\ seq = [p \in Publishers |-> -1]
    /\ lo = [p \in Publishers |-> -1]
    /\ pos = [p \in Publishers |-> -1]
    /\ expected = [p \in Publishers |-> -1]
    /\ top = [p \in Publishers |-> -1]
    /\ cpc = "wait" /\ cnext = 0 /\ got = -1
    /\ published = {}

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
consumerVars == <<cpc, cnext, got>>

(* hi = next.getAndAdd(n) + n, while sequences remain: the batch lo..hi, *)
(* n in 1 .. MaxBatch (next(n); n = 1 is next())                          *)
Claim(p) ==
    /\ pc[p] = "claim"
    /\ \E n \in 1 .. MaxBatch :
       \E r \in M!RmwReads(p, "next", Mode("Claim")) :
          /\ r.val + n <= N - 1
          /\ M!Rmw(p, "next", Mode("Claim"), r, r.val + n)
          /\ seq' = [seq EXCEPT ![p] = r.val + n]
          /\ lo' = [lo EXCEPT ![p] = r.val + 1]
          /\ pos' = [pos EXCEPT ![p] = r.val + 1]
    /\ Goto(p, "await")
    /\ UNCHANGED <<expected, top, published>> /\ UNCHANGED consumerVars

(* wait while hi - BufferSize > consumed *)
AwaitSlot(p) ==
    /\ pc[p] = "await"
    /\ \E r \in M!Reads(p, "consumed", Mode("AwaitSlot")) :
          seq[p] - BufferSize <= r.val /\ M!Load(p, "consumed", Mode("AwaitSlot"), r)
    /\ Goto(p, "write")
    /\ UNCHANGED <<seq, lo, pos, expected, top, published>> /\ UNCHANGED consumerVars

(* the user writes the batch's events into their slots, lo first, one     *)
(* store per step: the event of sequence s is s                           *)
WriteEvent(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, EventLoc(pos[p] % BufferSize), Mode("WriteEvent"), pos[p])
    /\ IF pos[p] < seq[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "guard") /\ UNCHANGED pos
    /\ UNCHANGED <<seq, lo, expected, top, published>> /\ UNCHANGED consumerVars

(* publish(lo, hi): wait while hi - cursor > PendingSize; the fast path if *)
(* the value read is lo - 1 (the predecessor visible): no parks, and       *)
(* CasOverBatch over lo..hi. A stale load can only make it take the slow   *)
(* path: the cursor never passes lo - 1 before this publisher's own CAS.   *)
Guard(p) ==
    /\ pc[p] = "guard"
    /\ \E r \in M!Reads(p, "cursor", Mode("Guard")) :
          /\ seq[p] - r.val <= PendingSize /\ M!Load(p, "cursor", Mode("Guard"), r)
          /\ IF r.val = lo[p] - 1
                THEN /\ published' = published \cup (lo[p] .. seq[p])
                     /\ expected' = [expected EXCEPT ![p] = lo[p] - 1]
                     /\ Goto(p, "casbatch")
                     /\ UNCHANGED pos
                ELSE /\ Goto(p, "park") /\ UNCHANGED <<expected, published>>
                     /\ pos' = [pos EXCEPT ![p] = lo[p]]
    /\ UNCHANGED <<seq, lo, top>> /\ UNCHANGED consumerVars

(* for s in lo..hi: pending[s & mask] = s, one store per step *)
Park(p) ==
    /\ pc[p] = "park"
    /\ M!Store(p, PendingLoc(pos[p] % PendingSize), Mode("Park"), pos[p])
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < seq[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "read") /\ UNCHANGED pos
    /\ UNCHANGED <<seq, lo, expected, top>> /\ UNCHANGED consumerVars

(* c = cursor; return if c >= hi; expected = max(lo - 1, c). With a batch *)
(* the value read is the CAS's expected value whenever it is inside the   *)
(* batch (lo - 1 < c < hi): a stale one makes the CAS expect too little.  *)
ReadCursor(p) ==
    /\ pc[p] = "read"
    /\ \E r \in M!Reads(p, "cursor", Mode("ReadCursor")) :
          /\ M!Load(p, "cursor", Mode("ReadCursor"), r)
          /\ IF r.val >= seq[p]
                THEN Goto(p, "claim") /\ UNCHANGED <<expected, top>>
                ELSE /\ expected' = [expected EXCEPT ![p] = Max(lo[p] - 1, r.val)]
                     /\ top' = [top EXCEPT ![p] = seq[p]]
                     /\ Goto(p, "cas")
    /\ UNCHANGED <<seq, lo, pos, published>> /\ UNCHANGED consumerVars

(* cursor.CAS(expected, top), over the run; a failure ends the call; after *)
(* a success expected = top, and the drain loads above it                  *)
CasCursor(p) ==
    /\ pc[p] = "cas"
    /\ \/ /\ M!CasOk(p, "cursor", Mode("CasCursor"), expected[p], top[p])
          /\ expected' = [expected EXCEPT ![p] = top[p]]
          /\ Goto(p, "drain")
       \/ /\ M!CasFails(p, "cursor", Mode("CasCursor"), expected[p])
          /\ Goto(p, "claim") /\ UNCHANGED expected
    /\ UNCHANGED <<seq, lo, pos, top, published>> /\ UNCHANGED consumerVars

(* the fast path's cursor.CAS(lo - 1, hi), over the whole batch: the same *)
(* CAS as CasCursor, with a mode of its own so that each is checked. Then *)
(* the drain goes on from hi + 1: expected = top = hi. A failure ends     *)
(* the call.                                                              *)
CasOverBatch(p) ==
    /\ pc[p] = "casbatch"
    /\ \/ /\ M!CasOk(p, "cursor", Mode("CasOverBatch"), expected[p], seq[p])
          /\ expected' = [expected EXCEPT ![p] = seq[p]]
          /\ top' = [top EXCEPT ![p] = seq[p]]
          /\ Goto(p, "drain")
       \/ /\ M!CasFails(p, "cursor", Mode("CasOverBatch"), expected[p])
          /\ Goto(p, "claim") /\ UNCHANGED <<expected, top>>
    /\ UNCHANGED <<seq, lo, pos, published>> /\ UNCHANGED consumerVars

(* the drain: is top + 1 parked (pending[(top + 1) & mask] = top + 1)?   *)
(* Yes: the run grows by it, and the next entry is loaded, unless the run *)
(* is PendingSize long (then the CAS). No: the CAS over the run if it     *)
(* holds any sequence (top > expected), else the call returns.            *)
LoadPending(p) ==
    /\ pc[p] = "drain"
    /\ LET s == top[p] + 1 IN
       \E r \in M!Reads(p, PendingLoc(s % PendingSize), Mode("LoadPending")) :
          /\ M!Load(p, PendingLoc(s % PendingSize), Mode("LoadPending"), r)
          /\ IF r.val = s
                THEN /\ top' = [top EXCEPT ![p] = s]
                     /\ Goto(p, IF s - expected[p] < PendingSize THEN "drain" ELSE "cas")
                ELSE /\ Goto(p, IF top[p] > expected[p] THEN "cas" ELSE "claim")
                     /\ UNCHANGED top
    /\ UNCHANGED <<seq, lo, pos, expected, published>> /\ UNCHANGED consumerVars

publisherVars == <<pc, seq, lo, pos, expected, top, published>>

(* the consumer: waitFor(cnext) *)
ConsumerWait ==
    /\ cpc = "wait" /\ cnext < N
    /\ \E r \in M!Reads(Consumer, "cursor", Mode("ConsumerWait")) :
          r.val >= cnext /\ M!Load(Consumer, "cursor", Mode("ConsumerWait"), r)
    /\ cpc' = "read"
    /\ UNCHANGED <<cnext, got>> /\ UNCHANGED publisherVars

(* ... reads the event of sequence cnext ... *)
ReadEvent ==
    /\ cpc = "read"
    /\ \E r \in M!Reads(Consumer, EventLoc(cnext % BufferSize), Mode("ReadEvent")) :
          M!Load(Consumer, EventLoc(cnext % BufferSize), Mode("ReadEvent"), r) /\ got' = r.val
    /\ cpc' = "mark"
    /\ UNCHANGED cnext /\ UNCHANGED publisherVars

(* ... and markConsumed(cnext): the slot may be reused *)
Consume ==
    /\ cpc = "mark"
    /\ M!Store(Consumer, "consumed", Mode("Consume"), cnext)
    /\ cnext' = cnext + 1 /\ cpc' = "wait"
    /\ UNCHANGED got /\ UNCHANGED publisherVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, seq, lo, pos, expected, top, cpc, cnext, got, published>>

\* No publish call is in progress: every claimed sequence has been published, and its call returned.
AllReturned == \A p \in Publishers : pc[p] = "claim"
Done == AllReturned /\ published = Seqs /\ cnext = N /\ M!Quiescent

Publisher(p) ==
    \/ Claim(p) \/ AwaitSlot(p) \/ WriteEvent(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

Next ==
    \/ \E p \in Publishers : Publisher(p)
    \/ ConsumerWait \/ ReadEvent \/ Consume
    \/ \E t \in Publishers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* Two publishers never hold the same sequence: their batches are disjoint.
ClaimsUnique ==
    \A p, q \in Publishers :
        (p # q /\ pc[p] # "claim" /\ pc[q] # "claim") => (lo[p] .. seq[p]) \cap (lo[q] .. seq[q]) = {}

\* The cursor covers only sequences whose park has happened.
CursorOnlyCoversPublished == \A s \in 0 .. M!Final("cursor") : s \in published

\* The consumer reads each event as its publisher wrote it: never an empty slot, never
\* the previous lap's event (the event store happens before the consumer's load).
NoStaleEvent == cpc = "mark" => got = cnext

\* Once every claimed sequence is published and every publish call has returned, the cursor
\* covers them all: no publication is lost (EventuallyVisible, stated as safety).
NoLostPublication ==
    (AllReturned /\ M!Quiescent) => \A s \in published : s <= M!Final("cursor")

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
