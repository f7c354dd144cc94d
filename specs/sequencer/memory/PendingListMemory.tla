------------------------- MODULE PendingListMemory -------------------------
(***************************************************************************)
(* The pending-list sequencer (PendingList.tla) with every shared-memory   *)
(* access made through the memory layer (specs/memory/Memory.tla), in the *)
(* access mode io.github.uncontended.sequencer.PendingListSequencer uses:  *)
(* the table JavaMode below. The build checks that table against the Java  *)
(* (make test: the access-mode check reads each traced step's call).       *)
(*                                                                         *)
(* Modeled: the claim (getAndAdd), the slot gating load, the publisher's   *)
(* event write into its ring slot (plain, as user code writes it between   *)
(* next() and publish()), the guard (whose load also picks the fast path:  *)
(* no park and no cursor load when the predecessor is visible), the park,  *)
(* the cursor load, the cursor CAS (the slow path's and the fast path's), *)
(* the pending load; and a consumer that waits for the cursor             *)
(* (acquire), reads the event (plain) and marks it consumed (release),     *)
(* one sequence at a time, so that ring slots are reused.                 *)
(* Abstracted away: batches (size 1; the SC spec has the algorithm), the  *)
(* spin and yield counts of the waits (a wait is enabled when a value it  *)
(* may read lets it go on), and liveness: a stale read may repeat forever *)
(* in the layer, so only safety properties are checked here. The losses    *)
(* that a liveness property catches under sequential consistency (a       *)
(* publication never made visible) are stated as safety: once every       *)
(* sequence is parked and every publish call has returned, the cursor     *)
(* must cover them all.                                                    *)
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
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none"
    WeakMode       \* the mode it gets

ASSUME N \in Nat \ {0} /\ PendingSize \in {1, 2, 4} /\ BufferSize \in Nat \ {0}

\* The access mode of each step, as PendingListSequencer and AbstractSequencer use it.
JavaMode == [
    Claim        |-> "volatile",   \* NEXT.getAndAdd
    AwaitSlot    |-> "acquire",    \* CONSUMED.getAcquire
    WriteEvent   |-> "plain",      \* the user's event store into the ring slot
    Guard        |-> "volatile",   \* CURSOR.getVolatile
    Park         |-> "volatile",   \* pending.set (AtomicLongArray)
    ReadCursor   |-> "volatile",   \* CURSOR.getVolatile
    CasCursor    |-> "volatile",   \* CURSOR.compareAndSet
    CasOverBatch |-> "volatile",   \* CURSOR.compareAndSet (the fast path's, lo - 1 -> hi)
    LoadPending  |-> "volatile",   \* pending.get (AtomicLongArray)
    ConsumerWait |-> "acquire",    \* CURSOR.getAcquire (waitFor)
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
Locs == {"next", "cursor", "consumed"} \cup {PendingLoc(i) : i \in 0 .. PendingSize - 1}
                                     \cup {EventLoc(i) : i \in 0 .. BufferSize - 1}
Max(a, b) == IF a > b THEN a ELSE b

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per publisher: its next step
    seq,        \* per publisher: the sequence it claimed (a local)
    expected,   \* per publisher: the cursor value its next CAS expects (a local)
    cpc,        \* the consumer's next step
    cnext,      \* the next sequence the consumer reads
    got,        \* the event value the consumer last read (a local)
    published   \* history: the sequences whose park (or fast-path guard) has happened

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, pc, seq, expected, cpc, cnext, got, published>>

M == INSTANCE Memory WITH Threads <- Publishers \cup {Consumer}, Init <- [x \in Locs |-> -1]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Publishers |-> "claim"]
    /\ seq = [p \in Publishers |-> -1]
    /\ expected = [p \in Publishers |-> -1]
    /\ cpc = "wait" /\ cnext = 0 /\ got = -1
    /\ published = {}

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
consumerVars == <<cpc, cnext, got>>

(* next.getAndAdd(1), while sequences remain *)
Claim(p) ==
    /\ pc[p] = "claim"
    /\ \E r \in M!RmwReads(p, "next", Mode("Claim")) :
          /\ r.val < N - 1
          /\ M!Rmw(p, "next", Mode("Claim"), r, r.val + 1)
          /\ seq' = [seq EXCEPT ![p] = r.val + 1]
    /\ Goto(p, "await")
    /\ UNCHANGED <<expected, published>> /\ UNCHANGED consumerVars

(* wait while seq - BufferSize > consumed *)
AwaitSlot(p) ==
    /\ pc[p] = "await"
    /\ \E r \in M!Reads(p, "consumed", Mode("AwaitSlot")) :
          seq[p] - BufferSize <= r.val /\ M!Load(p, "consumed", Mode("AwaitSlot"), r)
    /\ Goto(p, "write")
    /\ UNCHANGED <<seq, expected, published>> /\ UNCHANGED consumerVars

(* the user writes the event into the claimed slot: its value is its sequence *)
WriteEvent(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, EventLoc(seq[p] % BufferSize), Mode("WriteEvent"), seq[p])
    /\ Goto(p, "guard")
    /\ UNCHANGED <<seq, expected, published>> /\ UNCHANGED consumerVars

(* publish: wait while seq - cursor > PendingSize; the fast path if the    *)
(* value read is seq - 1 (the predecessor visible): no park, CasOverBatch. *)
(* A stale load can only make it take the slow path: the cursor never      *)
(* passes seq - 1 before this publisher's own CAS.                          *)
Guard(p) ==
    /\ pc[p] = "guard"
    /\ \E r \in M!Reads(p, "cursor", Mode("Guard")) :
          /\ seq[p] - r.val <= PendingSize /\ M!Load(p, "cursor", Mode("Guard"), r)
          /\ IF r.val = seq[p] - 1
                THEN /\ published' = published \cup {seq[p]}
                     /\ expected' = [expected EXCEPT ![p] = seq[p] - 1]
                     /\ Goto(p, "casbatch")
                ELSE /\ Goto(p, "park") /\ UNCHANGED <<expected, published>>
    /\ UNCHANGED seq /\ UNCHANGED consumerVars

(* pending[seq & mask] = seq *)
Park(p) ==
    /\ pc[p] = "park"
    /\ M!Store(p, PendingLoc(seq[p] % PendingSize), Mode("Park"), seq[p])
    /\ published' = published \cup {seq[p]}
    /\ Goto(p, "read")
    /\ UNCHANGED <<seq, expected>> /\ UNCHANGED consumerVars

(* c = cursor; return if c >= seq; expected = max(seq - 1, c) *)
ReadCursor(p) ==
    /\ pc[p] = "read"
    /\ \E r \in M!Reads(p, "cursor", Mode("ReadCursor")) :
          /\ M!Load(p, "cursor", Mode("ReadCursor"), r)
          /\ IF r.val >= seq[p]
                THEN Goto(p, "claim") /\ UNCHANGED expected
                ELSE /\ expected' = [expected EXCEPT ![p] = Max(seq[p] - 1, r.val)]
                     /\ Goto(p, "cas")
    /\ UNCHANGED <<seq, published>> /\ UNCHANGED consumerVars

(* cursor.CAS(expected, expected + 1); a failure ends the call *)
CasCursor(p) ==
    /\ pc[p] = "cas"
    /\ \/ M!CasOk(p, "cursor", Mode("CasCursor"), expected[p], expected[p] + 1) /\ Goto(p, "drain")
       \/ M!CasFails(p, "cursor", Mode("CasCursor"), expected[p]) /\ Goto(p, "claim")
    /\ UNCHANGED <<seq, expected, published>> /\ UNCHANGED consumerVars

(* the fast path's cursor.CAS(lo - 1, hi), here with lo = hi = seq: the   *)
(* same CAS as CasCursor, with a mode of its own so that each is checked; *)
(* then the drain goes on from seq + 1 (expected = seq - 1, which          *)
(* LoadPending steps). With a batch it releases more event stores, which  *)
(* needs no more than this release does.                                  *)
CasOverBatch(p) ==
    /\ pc[p] = "casbatch"
    /\ \/ M!CasOk(p, "cursor", Mode("CasOverBatch"), expected[p], seq[p]) /\ Goto(p, "drain")
       \/ M!CasFails(p, "cursor", Mode("CasOverBatch"), expected[p]) /\ Goto(p, "claim")
    /\ UNCHANGED <<seq, expected, published>> /\ UNCHANGED consumerVars

(* expected++; go on iff pending[(expected + 1) & mask] = expected + 1 *)
LoadPending(p) ==
    /\ pc[p] = "drain"
    /\ LET e == expected[p] + 1 IN
       \E r \in M!Reads(p, PendingLoc((e + 1) % PendingSize), Mode("LoadPending")) :
          /\ M!Load(p, PendingLoc((e + 1) % PendingSize), Mode("LoadPending"), r)
          /\ expected' = [expected EXCEPT ![p] = e]
          /\ Goto(p, IF r.val = e + 1 THEN "cas" ELSE "claim")
    /\ UNCHANGED <<seq, published>> /\ UNCHANGED consumerVars

publisherVars == <<pc, seq, expected, published>>

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

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, seq, expected, cpc, cnext, got, published>>

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

\* Two publishers never hold the same sequence.
ClaimsUnique ==
    \A p, q \in Publishers : (p # q /\ pc[p] # "claim" /\ pc[q] # "claim") => seq[p] # seq[q]

\* The cursor covers only sequences whose park has happened.
CursorOnlyCoversPublished == \A s \in 0 .. M!Final("cursor") : s \in published

\* The consumer reads each event as its publisher wrote it: never an empty slot, never
\* the previous lap's event (the event store happens before the consumer's load).
NoStaleEvent == cpc = "mark" => got = cnext

\* Once every claimed sequence is published and every publish call has returned, the cursor
\* covers them all: no publication is lost (EventuallyVisible, stated as safety).
NoLostPublication ==
    (AllReturned /\ M!Quiescent) => \A s \in published : s <= M!Final("cursor")
=============================================================================
