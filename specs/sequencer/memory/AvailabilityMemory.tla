-------------------------- MODULE AvailabilityMemory --------------------------
(***************************************************************************)
(* The availability-buffer sequencer (../AvailabilitySequencer.tla) under  *)
(* the memory layer (specs/memory/Memory.tla): every shared-memory access  *)
(* of the design through the layer, with the access mode of the table      *)
(* JavaMode, under x86-TSO and under weak hardware. JavaMode holds the     *)
(* modes the Java AvailabilitySequencer is to use; the manifest's siblings *)
(* weaken one step each, which gives the weakest mode each access can have *)
(* (docs/availability.md has the table).                                  *)
(*                                                                         *)
(* Modelled, per publisher, one step per access, as in the SC spec (same   *)
(* action names): Claim (next.getAndAdd(n), n in 1 .. MaxBatch),           *)
(* LoadCache (gatingCache; the slow path if wrapPoint > it), LoadGating    *)
(* (consumed, waited on until wrapPoint <= it), StoreCache (gatingCache = *)
(* what LoadGating read), WriteEvent (the user's plain store of the event  *)
(* of each sequence of the batch, lo first; the event of s is s),          *)
(* SetAvailable (availableBuffer[s & mask] = lap(s), lo first). The one   *)
(* consumer: WaitForClaim (next, waited on until it is past the cursor:    *)
(* the scan's bound), IsAvailable (one flag load per sequence from cursor  *)
(* + 1, compared with the lap; the first miss ends the scan), ReadEvent    *)
(* (the user's plain load of the event of the next sequence) and Consume   *)
(* (markConsumed: the store of consumed, one sequence at a time). The      *)
(* consumer's cursor is its own (a local here: nobody else reads it).      *)
(*                                                                         *)
(* Why batches and laps here: a batch's flags are stored one at a time,    *)
(* after all its events, so the scan can find the first flag of a batch    *)
(* of 2 and stop at the second; and a slot's flag and event are rewritten  *)
(* every lap, so a stale load of either returns the previous lap's value.  *)
(* The config reaches both (AvailabilityMemoryWitnesses.tla).             *)
(*                                                                         *)
(* Abstracted away: the spin of each wait (a wait is enabled when a value  *)
(* it may read lets it go on), liveness (the layer is for safety: a stale *)
(* read may repeat forever; EventuallyVisible is checked under sequential *)
(* consistency), the Java's cursor() for threads other than the consumer. *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* JavaMode; "all" gives every step the mode WeakMode.                     *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    Publishers,    \* the publishing threads
    N,             \* sequences claimed in total: 0 .. N-1
    BufferSize,    \* ring size, a power of two
    MaxBatch,      \* the largest n of one next(n); 1: next()/publish(s)
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none"
    WeakMode       \* the mode it gets

ASSUME N \in Nat \ {0} /\ BufferSize \in {1, 2, 4} /\ MaxBatch \in 1 .. BufferSize

\* The access mode of each step in io.github.uncontended.sequencer.AvailabilitySequencer (make modes
\* checks it: the manifest binds each step to its access site in the bytecode; "wait": the note at the
\* end). The manifest's siblings weaken one step each: the table in docs/availability.md.
JavaMode == [
    Claim        |-> "volatile",   \* NEXT.getAndAdd
    LoadCache    |-> "acquire",    \* GATING_CACHE.getAcquire
    LoadGating   |-> "acquire",    \* CONSUMED.getAcquire (wait: next's gating wait)
    StoreCache   |-> "release",    \* GATING_CACHE.setRelease
    WriteEvent   |-> "plain",      \* the user's event store into the ring slot
    SetAvailable |-> "release",    \* AVAILABLE.setRelease (availableBuffer)
    WaitForClaim |-> "opaque",     \* NEXT.getOpaque, the scan's bound (wait: waitFor; plain is accepted, for safety only)
    IsAvailable  |-> "acquire",    \* AVAILABLE.getAcquire (availableBuffer; wait: waitFor)
    ReadEvent    |-> "plain",      \* the user's event load from the ring slot
    Consume      |-> "release"     \* CONSUMED.setRelease (markConsumed)
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Consumer == "consumer"
Seqs == 0 .. N - 1
Slot(s) == s % BufferSize
Lap(s) == s \div BufferSize
AvailLoc(i) == "avail" \o ToString(i)
EventLoc(i) == "event" \o ToString(i)
\* Only the slots some sequence uses.
Locs == {"next", "gatingCache", "consumed"} \cup {AvailLoc(Slot(s)) : s \in Seqs}
                                            \cup {EventLoc(Slot(s)) : s \in Seqs}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per publisher: its next step
    lo,         \* per publisher: the first sequence of its batch
    hi,         \* per publisher: the last
    pos,        \* per publisher: the sequence it writes or publishes next; in "setcache", the gating value read
    cpc,        \* the consumer's next step
    cursor,     \* the consumer: the highest sequence its scans found published, with all below
    limit,      \* the consumer: the bound its last WaitForClaim read
    cnext,      \* the consumer: the next sequence it reads (consumed + 1)
    got,        \* the consumer: the event it read last
    published   \* history: the sequences whose SetAvailable has happened

memVars == <<mem, buf, msgs, cur, scv>>
publisherVars == <<pc, lo, hi, pos, published>>
consumerVars == <<cpc, cursor, limit, cnext, got>>
vars == <<mem, buf, msgs, cur, scv, pc, lo, hi, pos, published, cpc, cursor, limit, cnext, got>>

M == INSTANCE Memory WITH Threads <- Publishers \cup {Consumer}, Init <- [x \in Locs |-> -1]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Publishers |-> "claim"]
    /\ lo = [p \in Publishers |-> -1]
    /\ hi = [p \in Publishers |-> -1]
    /\ pos = [p \in Publishers |-> -1]
    /\ published = {}
    /\ cpc = "wait" /\ cursor = -1 /\ limit = -1 /\ cnext = 0 /\ got = -1

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
WrapPoint(p) == hi[p] - BufferSize

(* current = next.getAndAdd(n), while sequences remain: lo..hi *)
Claim(p) ==
    /\ pc[p] = "claim"
    /\ \E n \in 1 .. MaxBatch :
       \E r \in M!RmwReads(p, "next", Mode("Claim")) :
          /\ r.val + n <= N - 1
          /\ M!Rmw(p, "next", Mode("Claim"), r, r.val + n)
          /\ lo' = [lo EXCEPT ![p] = r.val + 1]
          /\ hi' = [hi EXCEPT ![p] = r.val + n]
          /\ pos' = [pos EXCEPT ![p] = r.val + 1]
    /\ Goto(p, "cache")
    /\ UNCHANGED published /\ UNCHANGED consumerVars

(* cached = gatingCache; the slow path if wrapPoint > cached *)
LoadCache(p) ==
    /\ pc[p] = "cache"
    /\ \E r \in M!Reads(p, "gatingCache", Mode("LoadCache")) :
          /\ M!Load(p, "gatingCache", Mode("LoadCache"), r)
          /\ Goto(p, IF WrapPoint(p) > r.val THEN "gate" ELSE "write")
    /\ UNCHANGED <<lo, hi, pos, published>> /\ UNCHANGED consumerVars

(* g = consumed, waited on while wrapPoint > g *)
LoadGating(p) ==
    /\ pc[p] = "gate"
    /\ \E r \in M!Reads(p, "consumed", Mode("LoadGating")) :
          /\ WrapPoint(p) <= r.val
          /\ M!Load(p, "consumed", Mode("LoadGating"), r)
          /\ pos' = [pos EXCEPT ![p] = r.val]
    /\ Goto(p, "setcache")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

(* gatingCache = g *)
StoreCache(p) ==
    /\ pc[p] = "setcache"
    /\ M!Store(p, "gatingCache", Mode("StoreCache"), pos[p])
    /\ pos' = [pos EXCEPT ![p] = lo[p]]
    /\ Goto(p, "write")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

(* the user writes the events of lo..hi, one store per step: the event of s is s *)
WriteEvent(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, EventLoc(Slot(pos[p])), Mode("WriteEvent"), pos[p])
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE pos' = [pos EXCEPT ![p] = lo[p]] /\ Goto(p, "publish")
    /\ UNCHANGED <<lo, hi, published>> /\ UNCHANGED consumerVars

(* publish(lo, hi): availableBuffer[s & mask] = lap(s), s = lo .. hi *)
SetAvailable(p) ==
    /\ pc[p] = "publish"
    /\ M!Store(p, AvailLoc(Slot(pos[p])), Mode("SetAvailable"), Lap(pos[p]))
    /\ published' = published \cup {pos[p]}
    /\ IF pos[p] < hi[p]
          THEN pos' = [pos EXCEPT ![p] = @ + 1] /\ UNCHANGED pc
          ELSE Goto(p, "claim") /\ UNCHANGED pos
    /\ UNCHANGED <<lo, hi>> /\ UNCHANGED consumerVars

(* the consumer: bound = next, waited on until it is past the cursor *)
WaitForClaim ==
    /\ cpc = "wait"
    /\ \E r \in M!Reads(Consumer, "next", Mode("WaitForClaim")) :
          /\ r.val > cursor
          /\ M!Load(Consumer, "next", Mode("WaitForClaim"), r)
          /\ limit' = r.val
    /\ cpc' = "scan"
    /\ UNCHANGED <<cursor, cnext, got>> /\ UNCHANGED publisherVars

(* the scan: s = cursor + 1 is available iff availableBuffer[s & mask] = lap(s) *)
IsAvailable ==
    /\ cpc = "scan"
    /\ LET s == cursor + 1 IN
       \E r \in M!Reads(Consumer, AvailLoc(Slot(s)), Mode("IsAvailable")) :
          /\ M!Load(Consumer, AvailLoc(Slot(s)), Mode("IsAvailable"), r)
          /\ IF r.val = Lap(s)
                THEN /\ cursor' = s
                     /\ cpc' = IF s < limit THEN "scan" ELSE "read"
                ELSE /\ cpc' = IF cursor >= cnext THEN "read" ELSE "wait"
                     /\ UNCHANGED cursor
    /\ UNCHANGED <<limit, cnext, got>> /\ UNCHANGED publisherVars

(* the user reads the event of cnext *)
ReadEvent ==
    /\ cpc = "read"
    /\ \E r \in M!Reads(Consumer, EventLoc(Slot(cnext)), Mode("ReadEvent")) :
          /\ M!Load(Consumer, EventLoc(Slot(cnext)), Mode("ReadEvent"), r)
          /\ got' = r.val
    /\ cpc' = "mark"
    /\ UNCHANGED <<cursor, limit, cnext>> /\ UNCHANGED publisherVars

(* markConsumed(cnext): consumed = cnext *)
Consume ==
    /\ cpc = "mark"
    /\ M!Store(Consumer, "consumed", Mode("Consume"), cnext)
    /\ cnext' = cnext + 1
    /\ cpc' = IF cnext < cursor THEN "read" ELSE "wait"
    /\ UNCHANGED <<cursor, limit, got>> /\ UNCHANGED publisherVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, lo, hi, pos, published, cpc, cursor, limit, cnext, got>>

Done == (\A p \in Publishers : pc[p] = "claim") /\ published = Seqs /\ cnext = N
        /\ cpc = "wait" /\ M!Quiescent

Publisher(p) ==
    \/ Claim(p) \/ LoadCache(p) \/ LoadGating(p) \/ StoreCache(p) \/ WriteEvent(p) \/ SetAvailable(p)

Next ==
    \/ \E p \in Publishers : Publisher(p)
    \/ WaitForClaim \/ IsAvailable \/ ReadEvent \/ Consume
    \/ \E t \in Publishers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

\* The publishers are interchangeable (the configs' SYMMETRY PublisherSymmetry).
PublisherSymmetry == Permutations(Publishers)

-----------------------------------------------------------------------------
(* Safety properties, under either strength (the SC spec's, where they    *)
(* carry over).                                                            *)

TypeOK == M!MemTypeOK

\* Two publishers never hold the same sequence: their batches are disjoint.
ClaimsUnique ==
    \A p, q \in Publishers :
        (p # q /\ pc[p] # "claim" /\ pc[q] # "claim") => (lo[p] .. hi[p]) \cap (lo[q] .. hi[q]) = {}

\* The consumer's cursor covers only sequences whose SetAvailable has happened.
CursorOnlyCoversPublished == \A s \in 0 .. cursor : s \in published

\* The consumer reads each event as its publisher wrote it: never an empty slot, never
\* the previous lap's event (the event store happens before the consumer's load).
NoStaleEvent == cpc = "mark" => got = cnext

\* No unconsumed event is overwritten: a publisher writes the event of s only once the
\* consumer is past s - BufferSize, the previous lap's sequence in that slot.
NoOverwrite == \A p \in Publishers : pc[p] = "write" => pos[p] - BufferSize < cnext

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
