--------------------------- MODULE DisruptorMemory ---------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): LMAX Disruptor 4.0.0's        *)
(* com.lmax.disruptor.MultiProducerSequencer, with one consumer shaped as  *)
(* com.lmax.disruptor.BatchEventProcessor.processEvents over a             *)
(* ProcessingSequenceBarrier without dependents and BusySpinWaitStrategy.  *)
(* Written from a reading of the 4.0.0 sources jar (Maven Central,         *)
(* com.lmax:disruptor:4.0.0:sources); no code of it is copied here. Every  *)
(* shared access goes through specs/memory/Memory.tla with the mode the    *)
(* 4.0.0 Java uses: the table JavaMode.                                    *)
(*                                                                         *)
(* Modelled, per producer (MultiProducerSequencer.next(n), n = 1 .. MaxBatch, *)
(* then the user's event writes, then publish(lo, hi)):                    *)
(*  - Claim: current = cursor.getAndAdd(n) (Sequence.getAndAdd, a VarHandle *)
(*    getAndAdd: volatile), hi = current + n, wrapPoint = hi - BufferSize; *)
(*  - LoadCache: gatingSequenceCache.get(); if wrapPoint > cached or       *)
(*    cached > current, the slow path: LoadGating, Util.getMinimumSequence *)
(*    over the one gating sequence (the consumer's), bounded by current,   *)
(*    waited on until wrapPoint <= it, then StoreCache,                    *)
(*    gatingSequenceCache.set(min);                                        *)
(*  - WriteEvent: the user's store into the preallocated event of each     *)
(*    slot lo..hi (plain; the payload of sequence s is s);                 *)
(*  - SetAvailable: publish -> setAvailable -> setAvailableBufferValue,    *)
(*    availableBuffer[s & mask] = s >>> indexShift (the lap), by           *)
(*    AVAILABLE_ARRAY.setRelease, one step per sequence, lo first.         *)
(* The consumer (BatchEventProcessor.processEvents):                       *)
(*  - ConsumerWait: ProcessingSequenceBarrier.waitFor -> BusySpinWaitStrategy *)
(*    .waitFor: the dependent sequence is the cursor (no dependents), read  *)
(*    by Sequence.get until it is at least next;                            *)
(*  - IsAvailable: MultiProducerSequencer.getHighestPublishedSequence(next, *)
(*    available) -> isAvailable(s): AVAILABLE_ARRAY.getAcquire of the slot  *)
(*    compared with the lap of s, from next up, one step per sequence; it   *)
(*    stops at the first not available (highest = s - 1);                   *)
(*  - ReadEvent: RingBuffer.get(s) and the handler's read of the payload    *)
(*    (plain), for s = next .. highest, one step each;                      *)
(*  - Consume: sequence.set(highest), the consumer's gating sequence.       *)
(*                                                                         *)
(* Sequence.get is a plain read followed by VarHandle.acquireFence, and    *)
(* Sequence.set a VarHandle.releaseFence followed by a plain write. The    *)
(* layer has no fences: they are modelled as an acquire load and a release *)
(* store. For the one access each fence guards here this is what the fence *)
(* gives (a fence orders more, with later stores too, which no step here   *)
(* relies on beyond the acquire/release it is modelled as).                *)
(*                                                                         *)
(* Abstracted away: the wait strategy (BusySpinWaitStrategy, no lock: the  *)
(* blocking strategies add a monitor, i.e. more synchronization, so this   *)
(* is the weakest; signalAllWhenBlocking is a no-op there); the spin of    *)
(* each wait (a wait is enabled when a value it may read lets it go on,    *)
(* as in PendingListMemory.tla); the batch limit (batchLimitOffset: the    *)
(* whole available batch); the case where the scan returns below next      *)
(* (waitFor then returns it, the processor handles no event and sets its   *)
(* sequence to the value it already holds): here it goes back to wait;     *)
(* tryNext, claim, the rewind and exception paths, alerts, timeouts,       *)
(* several gating sequences; int overflow of the lap flag; liveness (the   *)
(* layer is for safety only). Load buffering is not in the layer (see      *)
(* Memory.tla): the reads of an event slot never return the next lap's     *)
(* store, which the release/acquire chain consumer -> producer forbids in  *)
(* the JMM too; every weakening of that chain is rejected here for another *)
(* reason (the next lap's store may precede the previous one in the        *)
(* slot's modification order), docs/peers.md has the verdicts.             *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* the Java's modes; "all" gives every step the mode WeakMode.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    Producers,     \* the producer threads
    N,             \* sequences claimed in total: 0 .. N-1
    BufferSize,    \* ring size, a power of two
    MaxBatch,      \* the largest n of one next(n); 1: next()/publish(s)
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none"
    WeakMode       \* the mode it gets

ASSUME N \in Nat \ {0} /\ BufferSize \in {1, 2, 4} /\ MaxBatch \in 1 .. BufferSize

\* The access mode of each step in Disruptor 4.0.0.
JavaMode == [
    Claim        |-> "volatile",   \* MultiProducerSequencer.next: cursor.getAndAdd (VarHandle.getAndAdd)
    LoadCache    |-> "acquire",    \* MultiProducerSequencer.next: gatingSequenceCache.get (load; acquireFence)
    LoadGating   |-> "acquire",    \* Util.getMinimumSequence: the consumer's Sequence.get (load; acquireFence)
    StoreCache   |-> "release",    \* MultiProducerSequencer.next: gatingSequenceCache.set (releaseFence; store)
    WriteEvent   |-> "plain",      \* the user's store into the event object of the slot
    SetAvailable |-> "release",    \* MultiProducerSequencer.setAvailableBufferValue: AVAILABLE_ARRAY.setRelease
    ConsumerWait |-> "acquire",    \* BusySpinWaitStrategy.waitFor: cursor Sequence.get (load; acquireFence)
    IsAvailable  |-> "acquire",    \* MultiProducerSequencer.isAvailable: AVAILABLE_ARRAY.getAcquire
    ReadEvent    |-> "plain",      \* the handler's load from the event object (RingBuffer.get)
    Consume      |-> "release"     \* BatchEventProcessor.processEvents: sequence.set (releaseFence; store)
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Consumer == "consumer"
Seqs == 0 .. N - 1
AvailLoc(i) == "avail" \o ToString(i)
EventLoc(i) == "event" \o ToString(i)
Slot(s) == s % BufferSize
Lap(s) == s \div BufferSize          \* s >>> indexShift
\* Only the slots some sequence uses.
Locs == {"cursor", "cache", "gating"} \cup {AvailLoc(Slot(s)) : s \in Seqs}
                                      \cup {EventLoc(Slot(s)) : s \in Seqs}
Min(a, b) == IF a < b THEN a ELSE b

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per producer: its next step
    lo,         \* per producer: the first sequence of its claim (current + 1)
    hi,         \* per producer: the last (nextSequence)
    pos,        \* per producer: the sequence it writes or publishes next
    cpc,        \* the consumer's next step
    cnext,      \* the consumer's nextSequence
    cavail,     \* the cursor value its wait returned (availableSequence)
    chigh,      \* the highest published sequence its scan found
    recv,       \* history: the payloads the consumer read, in order
    published   \* history: the sequences whose SetAvailable has happened

memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, lo, hi, pos, published>>
consumerVars == <<cpc, cnext, cavail, chigh, recv>>
vars == <<mem, buf, msgs, cur, scv, pc, lo, hi, pos, cpc, cnext, cavail, chigh, recv, published>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- [x \in Locs |-> -1]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "claim"]
    /\ lo = [p \in Producers |-> -1]
    /\ hi = [p \in Producers |-> -1]
    /\ pos = [p \in Producers |-> -1]
    /\ cpc = "wait" /\ cnext = 0 /\ cavail = -1 /\ chigh = -1
    /\ recv = <<>>
    /\ published = {}

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
WrapPoint(p) == hi[p] - BufferSize
Current(p) == lo[p] - 1

(* next(n): current = cursor.getAndAdd(n), while sequences remain *)
Claim(p) ==
    /\ pc[p] = "claim"
    /\ \E n \in 1 .. MaxBatch :
       \E r \in M!RmwReads(p, "cursor", Mode("Claim")) :
          /\ r.val + n <= N - 1
          /\ M!Rmw(p, "cursor", Mode("Claim"), r, r.val + n)
          /\ lo' = [lo EXCEPT ![p] = r.val + 1]
          /\ hi' = [hi EXCEPT ![p] = r.val + n]
          /\ pos' = [pos EXCEPT ![p] = r.val + 1]
    /\ Goto(p, "cache")
    /\ UNCHANGED published /\ UNCHANGED consumerVars

(* cached = gatingSequenceCache.get(); the slow path if wrapPoint > cached *)
(* or cached > current                                                    *)
LoadCache(p) ==
    /\ pc[p] = "cache"
    /\ \E r \in M!Reads(p, "cache", Mode("LoadCache")) :
          /\ M!Load(p, "cache", Mode("LoadCache"), r)
          /\ Goto(p, IF WrapPoint(p) > r.val \/ r.val > Current(p) THEN "gate" ELSE "write")
    /\ UNCHANGED <<lo, hi, pos, published>> /\ UNCHANGED consumerVars

(* g = min(current, consumer's sequence), waited on while wrapPoint > g;  *)
(* then gatingSequenceCache.set(g)                                         *)
LoadGating(p) ==
    /\ pc[p] = "gate"
    /\ \E r \in M!Reads(p, "gating", Mode("LoadGating")) :
          /\ WrapPoint(p) <= Min(Current(p), r.val)
          /\ M!Load(p, "gating", Mode("LoadGating"), r)
          /\ pos' = [pos EXCEPT ![p] = Min(Current(p), r.val)]   \* g, held until StoreCache
    /\ Goto(p, "setcache")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

StoreCache(p) ==
    /\ pc[p] = "setcache"
    /\ M!Store(p, "cache", Mode("StoreCache"), pos[p])
    /\ pos' = [pos EXCEPT ![p] = lo[p]]
    /\ Goto(p, "write")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

(* the user fills the events of lo..hi, one store per step: payload s *)
WriteEvent(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, EventLoc(Slot(pos[p])), Mode("WriteEvent"), pos[p])
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE pos' = [pos EXCEPT ![p] = lo[p]] /\ Goto(p, "publish")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

(* publish(lo, hi): setAvailable(s) for s = lo .. hi *)
SetAvailable(p) ==
    /\ pc[p] = "publish"
    /\ M!Store(p, AvailLoc(Slot(pos[p])), Mode("SetAvailable"), Lap(pos[p]))
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<lo, hi>> /\ UNCHANGED consumerVars

(* the consumer: waitFor(next): the cursor, until it is at least next *)
ConsumerWait ==
    /\ cpc = "wait" /\ cnext < N
    /\ \E r \in M!Reads(Consumer, "cursor", Mode("ConsumerWait")) :
          /\ r.val >= cnext
          /\ M!Load(Consumer, "cursor", Mode("ConsumerWait"), r)
          /\ cavail' = r.val
    /\ cpc' = "scan" /\ chigh' = cnext   \* chigh: the sequence the scan checks next
    /\ UNCHANGED <<cnext, recv>> /\ UNCHANGED producerVars

(* getHighestPublishedSequence(next, available): isAvailable(s), s = chigh *)
IsAvailable ==
    /\ cpc = "scan"
    /\ \E r \in M!Reads(Consumer, AvailLoc(Slot(chigh)), Mode("IsAvailable")) :
          /\ M!Load(Consumer, AvailLoc(Slot(chigh)), Mode("IsAvailable"), r)
          /\ IF r.val = Lap(chigh)
                THEN IF chigh < cavail
                        THEN chigh' = chigh + 1 /\ cpc' = "scan"
                        ELSE chigh' = chigh /\ cpc' = "read"
                ELSE /\ chigh' = chigh - 1
                     /\ cpc' = IF chigh - 1 < cnext THEN "wait" ELSE "read"
    /\ UNCHANGED <<cnext, cavail, recv>> /\ UNCHANGED producerVars

(* the handler reads the event of next, next++ *)
ReadEvent ==
    /\ cpc = "read"
    /\ \E r \in M!Reads(Consumer, EventLoc(Slot(cnext)), Mode("ReadEvent")) :
          /\ M!Load(Consumer, EventLoc(Slot(cnext)), Mode("ReadEvent"), r)
          /\ recv' = Append(recv, r.val)
    /\ cnext' = cnext + 1
    /\ cpc' = IF cnext < chigh THEN "read" ELSE "mark"
    /\ UNCHANGED <<cavail, chigh>> /\ UNCHANGED producerVars

(* sequence.set(endOfBatchSequence) *)
Consume ==
    /\ cpc = "mark"
    /\ M!Store(Consumer, "gating", Mode("Consume"), chigh)
    /\ cpc' = "wait"
    /\ UNCHANGED <<cnext, cavail, chigh, recv>> /\ UNCHANGED producerVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, lo, hi, pos, cpc, cnext, cavail, chigh, recv, published>>

Done == (\A p \in Producers : pc[p] = "claim") /\ published = Seqs /\ cnext = N
        /\ cpc = "wait" /\ M!Quiescent

Producer(p) ==
    \/ Claim(p) \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ WriteEvent(p) \/ SetAvailable(p)

Next ==
    \/ \E p \in Producers : Producer(p)
    \/ ConsumerWait \/ IsAvailable \/ ReadEvent \/ Consume
    \/ \E t \in Producers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

\* The producers are interchangeable (DisruptorMemoryCache.cfg: SYMMETRY ProducerSymmetry).
ProducerSymmetry == Permutations(Producers)

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* The consumer has read exactly 0, 1, ..., k-1, in order, each with the payload its
\* producer wrote for it: no stale or early event, no duplicate, no gap.
ConsumedInOrder == \A i \in 1 .. Len(recv) : recv[i] = i - 1

\* The consumer reads an event only once its publication (SetAvailable) has happened.
NoReadBeforePublish == cpc = "read" => \A s \in cnext .. chigh : s \in published

\* No unconsumed slot is overwritten: a producer writes the event of s only after the
\* consumer has read the event of s - BufferSize, the previous lap's in that slot.
NoOverwrite == \A p \in Producers : pc[p] = "write" => pos[p] - BufferSize < Len(recv)
=============================================================================
