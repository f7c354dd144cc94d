------------------------ MODULE AvailabilitySequencer ------------------------
(***************************************************************************)
(* The availability-buffer sequencer: the multi-producer scheme of the     *)
(* LMAX Disruptor 3 and 4 (MultiProducerSequencer), as our design beside   *)
(* the pending-list one (PendingList.tla). Issue 27, item 1.               *)
(*                                                                         *)
(* A publisher claims n sequences lo..hi with one getAndAdd on the claim   *)
(* counter `next`, then waits while hi would wrap past the consumer: the   *)
(* wrap point hi - BufferSize must not exceed the consumer's gating        *)
(* sequence `consumed`. It first compares with `gatingCache`, the last     *)
(* gating value any claimer read; only if the cache does not let it pass   *)
(* does it load `consumed` (waiting until it is high enough) and store     *)
(* what it read back into the cache. It writes the events of lo..hi into   *)
(* their ring slots, then publishes each sequence s of lo..hi, lo first,   *)
(* by storing the lap of s, s >>> log2(BufferSize), into the slot's flag   *)
(* availableBuffer[s & mask]. No publisher ever waits for another.         *)
(*                                                                         *)
(* The consumer does not follow a cursor that publishers move: it finds    *)
(* it. It loads the claim counter as the bound of a scan, then checks the  *)
(* flags from cursor + 1 up, one load per sequence: s is published iff     *)
(* its slot's flag equals the lap of s. The first flag not at its lap      *)
(* ends the scan (a gap: an earlier claim not yet published, or not yet   *)
(* claimed); `cursor` is the highest sequence up to which every flag was   *)
(* found at its lap. The consumer then reads the events up to the cursor  *)
(* and marks each consumed, which frees its slot for the next lap. Why a  *)
(* lap and not a flag that says "published": a slot's flag still holds    *)
(* the previous lap's value while the next lap's sequence is claimed and   *)
(* unpublished, and a flag that is never reset would say it is published  *)
(* (sibling broken/AvailabilityNoLap.tla).                                *)
(*                                                                         *)
(* Modelled: one action per atomic memory operation of the scheme, named   *)
(* as the Java's steps will be: Claim (next.getAndAdd(n)), LoadCache      *)
(* (gatingCache load), LoadGating (the load of consumed, waited on),      *)
(* StoreCache (gatingCache store), WriteEvent (the user's store into one  *)
(* ring slot, lo first), SetAvailable (one flag store, lo first),          *)
(* WaitForClaim (the consumer's load of next, waited on until it is past  *)
(* the cursor: the scan's bound), IsAvailable (one flag load of the scan), *)
(* ReadEvent (the consumer's load of one event) and Consume               *)
(* (markConsumed: the store of consumed, one sequence at a time). Batches  *)
(* of 1 .. MaxBatch (next(n), publish(lo, hi)); the ring's events, each    *)
(* the sequence written into it, so that a stale or early read shows.     *)
(* Abstracted away: the wait strategies (a wait is an action enabled when *)
(* its condition holds), halt, several consumers (one gating sequence),   *)
(* int overflow of the lap, and the Disruptor's second cache condition    *)
(* (cached > current, for a cursor reset we do not have: here the cache   *)
(* never exceeds a pending claim's lo - 1). Memory ordering: steps        *)
(* interleave under sequential consistency; memory/AvailabilityMemory.tla *)
(* checks the access modes under x86-TSO and weak memory.                 *)
(*                                                                         *)
(* The refinement of Sequencer.tla is the identity mapping: `next`,        *)
(* `consumed` and `published` are the abstract variables, and the          *)
(* abstract cursor is the consumer's `cursor`, which each IsAvailable     *)
(* that finds its flag at the lap moves by one. `published` is a history  *)
(* variable: the sequences whose SetAvailable has happened.               *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Publishers,   \* the publishing threads
    N,            \* sequences claimed in total: 0 .. N-1
    BufferSize,   \* ring size, a power of two
    MaxBatch      \* the largest n of one next(n)

ASSUME /\ Publishers # {}
       /\ N \in Nat \ {0}
       /\ BufferSize \in {1, 2, 4, 8, 16}
       /\ MaxBatch \in 1 .. BufferSize

Seqs  == 0 .. N - 1
Slots == 0 .. BufferSize - 1
Slot(s) == s % BufferSize             \* Java: (int) s & mask
Lap(s) == s \div BufferSize           \* Java: (int) (s >>> indexShift)
\* The sequence whose flag is lap l in slot i.
SeqOf(i, l) == l * BufferSize + i

\* Where a publisher is. "claim" is outside any call: before a claim, or
\* after a publish returned. From "write" on, user code runs (the event
\* writes), then publish(lo, hi) ("publish").
Claimed   == {"cache", "gate", "setcache", "write", "publish"}
InPublish == {"publish"}

VARIABLES
    next,             \* Java: next, the claim counter: the last claimed sequence
    gatingCache,      \* Java: gatingCache, the last gating sequence a claimer read
    consumed,         \* Java: consumed, the consumer's gating sequence
    availableBuffer,  \* Java: availableBuffer, per slot the lap last published there, -1 none
    ring,             \* the ring's events: per slot the sequence whose event was written last, -1 none
    cursor,           \* Java: cursor, the consumer's: the highest sequence its scans found published, with all below
    pc,               \* per publisher: the next atomic step
    lo,               \* per publisher: the first sequence of its batch (a local)
    hi,               \* per publisher: the last (a local)
    pos,              \* per publisher: the sequence it writes or publishes next; in "setcache",
                      \*   the gating value it read (the Java's local gatingSequence)
    cpc,              \* the consumer's next step
    limit,            \* the consumer: the claim counter its last WaitForClaim read (the scan's bound)
    got,              \* the consumer: the event it read last (a local)
    published         \* history: sequences whose SetAvailable has happened

vars == <<next, gatingCache, consumed, availableBuffer, ring, cursor,
          pc, lo, hi, pos, cpc, limit, got, published>>
publisherVars == <<pc, lo, hi, pos>>
consumerVars == <<cpc, limit, got>>

TypeOK ==
    /\ next \in -1 .. N - 1
    /\ gatingCache \in -1 .. N - 1
    /\ consumed \in -1 .. N - 1
    /\ availableBuffer \in [Slots -> -1 .. Lap(N - 1)]
    /\ ring \in [Slots -> -1 .. N - 1]
    /\ cursor \in -1 .. N - 1
    /\ pc \in [Publishers -> {"claim"} \cup Claimed]
    /\ lo \in [Publishers -> -1 .. N - 1]
    /\ hi \in [Publishers -> -1 .. N - 1]
    /\ pos \in [Publishers -> -1 .. N - 1]
    /\ cpc \in {"wait", "scan", "read", "mark"}
    /\ limit \in -1 .. N - 1
    /\ got \in -1 .. N - 1
    /\ published \subseteq Seqs

Init ==
    /\ next = -1
    /\ gatingCache = -1
    /\ consumed = -1
    /\ availableBuffer = [i \in Slots |-> -1]
    /\ ring = [i \in Slots |-> -1]
    /\ cursor = -1
    /\ pc = [p \in Publishers |-> "claim"]
    /\ lo = [p \in Publishers |-> -1]
    /\ hi = [p \in Publishers |-> -1]
    /\ pos = [p \in Publishers |-> -1]
    /\ cpc = "wait"
    /\ limit = -1
    /\ got = -1
    /\ published = {}

Goto(p, label) == pc' = [pc EXCEPT ![p] = label]
WrapPoint(p) == hi[p] - BufferSize

(* next(n): current = next.getAndAdd(n); the batch is lo = current + 1 .. *)
(* hi = current + n                                                        *)
Claim(p, n) ==
    /\ pc[p] = "claim"
    /\ next + n <= N - 1
    /\ next' = next + n
    /\ lo' = [lo EXCEPT ![p] = next + 1]
    /\ hi' = [hi EXCEPT ![p] = next + n]
    /\ pos' = [pos EXCEPT ![p] = next + 1]
    /\ Goto(p, "cache")
    /\ UNCHANGED <<gatingCache, consumed, availableBuffer, ring, cursor, published>>
    /\ UNCHANGED consumerVars

(* next(n), then: cached = gatingCache; if wrapPoint <= cached the slot is *)
(* free (the cache never exceeds consumed), else the slow path             *)
LoadCache(p) ==
    /\ pc[p] = "cache"
    /\ Goto(p, IF WrapPoint(p) > gatingCache THEN "gate" ELSE "write")
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, cursor, lo, hi, pos, published>>
    /\ UNCHANGED consumerVars

(* the slow path: g = consumed, waited on while wrapPoint > g *)
LoadGating(p) ==
    /\ pc[p] = "gate"
    /\ WrapPoint(p) <= consumed
    /\ pos' = [pos EXCEPT ![p] = consumed]
    /\ Goto(p, "setcache")
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, cursor, lo, hi, published>>
    /\ UNCHANGED consumerVars

(* gatingCache = g (a plain overwrite: a slower claimer may set it back,   *)
(* which only sends later claims down the slow path)                       *)
StoreCache(p) ==
    /\ pc[p] = "setcache"
    /\ gatingCache' = pos[p]
    /\ pos' = [pos EXCEPT ![p] = lo[p]]
    /\ Goto(p, "write")
    /\ UNCHANGED <<next, consumed, availableBuffer, ring, cursor, lo, hi, published>>
    /\ UNCHANGED consumerVars

(* the user writes the events of lo..hi into their slots, lo first, one    *)
(* store per step: the event of s is s                                     *)
WriteEvent(p) ==
    /\ pc[p] = "write"
    /\ ring' = [ring EXCEPT ![Slot(pos[p])] = pos[p]]
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE pos' = [pos EXCEPT ![p] = lo[p]] /\ Goto(p, "publish")
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, cursor, lo, hi, published>>
    /\ UNCHANGED consumerVars

(* publish(lo, hi): for s = lo .. hi, availableBuffer[s & mask] = lap(s), *)
(* one store per step                                                     *)
SetAvailable(p) ==
    /\ pc[p] = "publish"
    /\ availableBuffer' = [availableBuffer EXCEPT ![Slot(pos[p])] = Lap(pos[p])]
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<next, gatingCache, consumed, ring, cursor, lo, hi>>
    /\ UNCHANGED consumerVars

(* The consumer, waitFor(cursor + 1): bound = next, waited on until it is *)
(* past the cursor (something is claimed that the scan has not found)     *)
WaitForClaim ==
    /\ cpc = "wait"
    /\ next > cursor
    /\ limit' = next
    /\ cpc' = "scan"
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, cursor, got, published>>
    /\ UNCHANGED publisherVars

(* the scan, for s = cursor + 1 .. bound: available iff                   *)
(* availableBuffer[s & mask] = lap(s); the first that is not ends it (the *)
(* consumer reads what it found, or, with nothing found, waits again)     *)
IsAvailable ==
    /\ cpc = "scan"
    /\ LET s == cursor + 1 IN
       IF availableBuffer[Slot(s)] = Lap(s)
          THEN /\ cursor' = s
               /\ cpc' = IF s < limit THEN "scan" ELSE "read"
          ELSE /\ cpc' = IF cursor > consumed THEN "read" ELSE "wait"
               /\ UNCHANGED cursor
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, limit, got, published>>
    /\ UNCHANGED publisherVars

(* the consumer reads the event of consumed + 1 *)
ReadEvent ==
    /\ cpc = "read"
    /\ got' = ring[Slot(consumed + 1)]
    /\ cpc' = "mark"
    /\ UNCHANGED <<next, gatingCache, consumed, availableBuffer, ring, cursor, limit, published>>
    /\ UNCHANGED publisherVars

(* markConsumed(consumed + 1): its slot may be reused *)
Consume ==
    /\ cpc = "mark"
    /\ consumed' = consumed + 1
    /\ cpc' = IF consumed + 1 < cursor THEN "read" ELSE "wait"
    /\ UNCHANGED <<next, gatingCache, availableBuffer, ring, cursor, limit, got, published>>
    /\ UNCHANGED publisherVars

\* Every sequence claimed and published, and the consumer has read them all: the system idles.
Terminating ==
    /\ next = N - 1
    /\ \A p \in Publishers : pc[p] = "claim"
    /\ cpc = "wait" /\ cursor = N - 1
    /\ UNCHANGED vars

Publisher(p) ==
    \/ \E n \in 1 .. MaxBatch : Claim(p, n)
    \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ WriteEvent(p) \/ SetAvailable(p)

Consumer == WaitForClaim \/ IsAvailable \/ ReadEvent \/ Consume

\* Each broken sibling defines its own Next and Spec in this shape, around its own steps.
Next == (\E p \in Publishers : Publisher(p)) \/ Consumer \/ Terminating
Spec ==
    /\ Init
    /\ [][Next]_vars
    /\ \A p \in Publishers : WF_vars(Publisher(p))    \* every thread keeps getting scheduled
    /\ WF_vars(Consumer)

-----------------------------------------------------------------------------
(* Properties, named for what they promise (as PendingList.tla's where the *)
(* promise is the same).                                                   *)

\* Two publishers never hold the same sequence: their batches are disjoint.
ClaimsUnique ==
    \A p, q \in Publishers :
        (p # q /\ pc[p] \in Claimed /\ pc[q] \in Claimed) => (lo[p] .. hi[p]) \cap (lo[q] .. hi[q]) = {}

\* The cursor covers only sequences whose publication has happened.
CursorOnlyCoversPublished == \A s \in 0 .. cursor : s \in published

\* The cursor never moves back ...
CursorNeverMovesBack == [][cursor' >= cursor]_cursor
\* ... and moves one sequence at a time: each flag the scan finds at its lap.
CursorStepsByOne == [][cursor' <= cursor + 1]_cursor

\* The consumer reads each event as its publisher wrote it: never an empty
\* slot, never the previous lap's event, never an event not yet written.
NoStaleEvent == cpc = "mark" => got = consumed + 1

\* An event is only ever overwritten once the consumer has consumed it (the
\* gating wait; PendingList's ParkedNeverOverwritten for the ring).
EventNeverOverwritten ==
    [][\A i \in Slots : ring'[i] # ring[i] => ring[i] <= consumed]_ring

\* A flag moves on to the next lap only once the sequence of its lap is consumed.
FlagNeverOverwritten ==
    [][\A i \in Slots : availableBuffer'[i] # availableBuffer[i] =>
          availableBuffer[i] = -1 \/ SeqOf(i, availableBuffer[i]) <= consumed]_availableBuffer

\* Every publish call returns (it never waits: one store per sequence).
EveryPublishReturns == \A p \in Publishers : pc[p] \in InPublish ~> pc[p] = "claim"

\* Every published sequence eventually falls under the cursor.
EventuallyVisible == \A s \in Seqs : s \in published ~> cursor >= s

\* The algorithm refines the abstract sequencer.
Abstract == INSTANCE Sequencer
Refinement == Abstract!Spec
=============================================================================
