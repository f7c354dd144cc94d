---------------------------- MODULE PendingList ----------------------------
(***************************************************************************)
(* The pending-list concurrent sequencer: the multi-threaded claim        *)
(* strategy of the LMAX Disruptor 2.8 (MultiThreadedClaimStrategy,        *)
(* serialisePublishing), as implemented by                                *)
(* io.github.uncontended.sequencer.PendingListSequencer.                  *)
(*                                                                         *)
(* Publishers claim sequences with an atomic increment of `next`, wait for *)
(* a free ring slot, and publish.  To publish, a publisher parks its       *)
(* sequence in the pending array, then tries to advance the cursor by CAS  *)
(* and keeps draining the pending array.  A failed CAS means somebody else *)
(* advanced the cursor, and will see the parked sequence: the publisher    *)
(* exits, it never retries.                                                *)
(*                                                                         *)
(* The fast path (issue 16). The guard loads the cursor anyway; if it      *)
(* finds the publisher's predecessor visible (cursor = lo - 1), nobody     *)
(* else can move the cursor over lo: only a CAS expecting lo - 1 can, and  *)
(* the only ones are this publisher's and a drainer's that found lo        *)
(* parked. Nobody else holds lo + 1 .. hi either, so the publisher parks   *)
(* nothing and moves the cursor over its whole batch with one CAS,        *)
(* lo - 1 -> hi (CasOverBatch), then drains from hi + 1 as usual. The     *)
(* fast path saves every park and the cursor load of an uncontended        *)
(* publish, and all but one CAS of an uncontended batch. The cursor then  *)
(* moves by more than one, over the call's own batch (property            *)
(* CursorJumpsOnlyOverRuns, which the run drain below extends), and the   *)
(* abstract Sequencer lets the cursor move over any run of published      *)
(* sequences in one step. Property                                         *)
(* FastPathOwnsItsBatch states the premise; siblings FastPathSkipsPark     *)
(* (the parks skipped without the check), FastPathNoDrain (the fast CAS    *)
(* returns without draining) and FastBatchDrainsFromLo (the drain resumes *)
(* after lo, not hi) show three ways to get it wrong.                      *)
(*                                                                         *)
(* The run drain (issue 27). Every CAS moves the cursor over a run, from   *)
(* `expected` (the cursor value it expects) to `top`. On the slow path the *)
(* run is the rest of the publisher's own batch, all parked by itself: one *)
(* CAS, max(lo - 1, c) -> hi, where Disruptor 2.8 made one per sequence.   *)
(* After a successful CAS the drain loads the entries above the new cursor *)
(* one by one, extending the run while each holds its own sequence, at     *)
(* most PendingSize of them, and moves the cursor over the whole run with  *)
(* one CAS, then loads again above it. The first load after each CAS is   *)
(* the drainer's half of the handshake with a parker: a publisher that     *)
(* parked above the run while it was being scanned and lost its CAS is    *)
(* seen by that load, never by the scan before the CAS (sibling           *)
(* RunDrainTrustsScan returns on the scan's word and loses it). An entry   *)
(* matches only its own sequence: a stale entry of an earlier lap would    *)
(* extend the run over an unpublished sequence (sibling RunScanStaleEntry). *)
(*                                                                         *)
(* Modeled: one action per atomic memory operation of the Java code (the   *)
(* claim's getAndAdd, the slot-gating load, the guard load of the cursor,  *)
(* each pending store, the cursor load, the CAS attempt, the pending       *)
(* load), and a consumer that follows the cursor and gates claims. Batches *)
(* as in the Java: next(n) claims lo..hi (n <= MaxBatch) in one getAndAdd, *)
(* publish(lo, hi) guards on hi, parks lo..hi one store at a time, and     *)
(* drains from max(lo - 1, cursor), or takes the fast path over all of   *)
(* lo..hi; batch size 1 is next()/publish(s).                              *)
(* Abstracted away: the event data in the ring (a slot is written between  *)
(* AwaitSlot and Guard), the spin/yield counters of the Java busy-waits (a *)
(* wait is an action enabled when its condition holds), and memory         *)
(* ordering: steps interleave under sequential consistency. The Java     *)
(* code must supply the StoreLoad ordering between Park and ReadCursor    *)
(* that this interleaving assumes: memory/PendingListMemory.tla checks    *)
(* the Java's access modes under x86-TSO and weak memory (a lazySet park  *)
(* loses a publication there), and make modes ties them to the code.      *)
(*                                                                         *)
(* Progress, stated honestly. The guard and AwaitSlot wait: for earlier    *)
(* claims to be published and for the consumer (back-pressure no bounded   *)
(* ring avoids). Past its guard, publish is lock-free, not wait-free: it    *)
(* never waits for another publisher and a failed CAS ends it, but a       *)
(* drainer keeps draining while the next sequence is parked, and other     *)
(* publishers can keep parking right ahead of it. EveryPublishReturns      *)
(* holds here because N is finite: with unbounded sequences one drainer    *)
(* can keep winning forever. What a model can check is the bound           *)
(* WorkPaidByParks: a call moves the cursor over at most its own batch     *)
(* plus one sequence per park by a later claim (another publisher's);      *)
(* witness DrainerKeepsWinning shows a call doing more than the pending    *)
(* array could ever hold at once.                                          *)
(*                                                                         *)
(* `published`, `wasted` and `work` are history variables: they record    *)
(* what the properties talk about and no Java field corresponds to them.  *)
(* A sequence is published by its park, or, on the fast path, by the      *)
(* guard step that decided to CAS its batch without parks.                *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Publishers,   \* the publishing threads
    N,            \* sequences claimed in total: 0 .. N-1
    PendingSize,  \* length of the pending array (a power of two)
    BufferSize,   \* ring size: a claim waits while it would wrap the consumer
    MaxBatch      \* the largest batch one claim takes (Java: maxBatch = pendingSize)

ASSUME /\ Publishers # {}
       /\ N \in Nat \ {0}
       /\ PendingSize \in {1, 2, 4, 8, 16}
       /\ BufferSize \in Nat \ {0}
       /\ MaxBatch \in 1 .. PendingSize

Seqs  == 0 .. N - 1
Slots == 0 .. PendingSize - 1
Slot(s) == s % PendingSize            \* Java: (int) s & mask
Max(a, b) == IF a > b THEN a ELSE b

\* Where a publisher is. "claim" is outside any call: before a claim, or
\* after a publish returned.
Claimed  == {"await", "guard", "park", "read", "cas", "casbatch", "drain"}
InPublish == {"guard", "park", "read", "cas", "casbatch", "drain"}

VARIABLES
    next,       \* Java: claimSequence, the last claimed sequence
    cursor,     \* Java: cursor, the last sequence visible to consumers
    consumed,   \* Java: the consumer's gating sequence
    pending,    \* Java: pending (AtomicLongArray), full sequences, -1 = empty
    pc,         \* per publisher: the next atomic step
    seq,        \* per publisher: hi, the last sequence of its claimed batch (a local)
    lo,         \* per publisher: the first sequence of its batch (a local; = seq for batch 1)
    expected,   \* per publisher: the cursor value its next CAS expects (a local)
    top,        \* per publisher: where its next CAS moves the cursor, the end of the run (a local)
    published,  \* history: sequences whose pending store (or fast-path guard) has happened
    wasted,     \* history: failed attempts in the current publish call, saturating at 2
    work        \* history: sequences the current publish call moved the cursor over

vars == <<next, cursor, consumed, pending, pc, seq, lo, expected, top, published, wasted, work>>

TypeOK ==
    /\ next \in -1 .. N - 1
    /\ cursor \in -1 .. N - 1
    /\ consumed \in -1 .. N - 1
    /\ pending \in [Slots -> -1 .. N - 1]
    /\ pc \in [Publishers -> {"claim"} \cup Claimed]
    /\ seq \in [Publishers -> -1 .. N - 1]
    /\ lo \in [Publishers -> -1 .. N - 1]
    /\ expected \in [Publishers -> -1 .. N - 1]
    /\ top \in [Publishers -> -1 .. N - 1]
    /\ published \subseteq Seqs
    /\ wasted \in [Publishers -> 0 .. 2]
    /\ work \in [Publishers -> 0 .. N]

Init ==
    /\ next = -1
    /\ cursor = -1
    /\ consumed = -1
    /\ pending = [i \in Slots |-> -1]
    /\ pc = [p \in Publishers |-> "claim"]
    /\ seq = [p \in Publishers |-> -1]
    /\ lo = [p \in Publishers |-> -1]
    /\ expected = [p \in Publishers |-> -1]
    /\ top = [p \in Publishers |-> -1]
    /\ published = {}
    /\ wasted = [p \in Publishers |-> 0]
    /\ work = [p \in Publishers |-> 0]

Goto(p, label) == pc' = [pc EXCEPT ![p] = label]
Waste(p) == wasted' = [wasted EXCEPT ![p] = IF @ < 2 THEN @ + 1 ELSE 2]

(* next(n): hi = next.getAndAdd(n) + n; the batch is lo = hi - n + 1 .. hi *)
Claim(p, n) ==
    /\ pc[p] = "claim"
    /\ next + n <= N - 1
    /\ next' = next + n
    /\ seq' = [seq EXCEPT ![p] = next + n]
    /\ lo' = [lo EXCEPT ![p] = next + 1]
    /\ wasted' = [wasted EXCEPT ![p] = 0]
    /\ work' = [work EXCEPT ![p] = 0]
    /\ Goto(p, "await")
    /\ UNCHANGED <<cursor, consumed, pending, expected, top, published>>

(* next(n), then: wait while hi - BufferSize > consumer's gating sequence *)
AwaitSlot(p) ==
    /\ pc[p] = "await"
    /\ seq[p] - BufferSize <= consumed
    /\ Goto(p, "guard")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, top, published, wasted, work>>

(* publish(lo, hi) step 1, back-pressure: wait while hi - cursor > PendingSize. *)
(* The same load decides the fast path: cursor = lo - 1 (the predecessor is  *)
(* visible) publishes the whole batch lo..hi without a park; expected =      *)
(* lo - 1, and on to CasOverBatch.                                           *)
Guard(p) ==
    /\ pc[p] = "guard"
    /\ seq[p] - cursor <= PendingSize
    /\ IF cursor = lo[p] - 1
          THEN /\ published' = published \cup (lo[p] .. seq[p])
               /\ expected' = [expected EXCEPT ![p] = lo[p] - 1]
               /\ Goto(p, "casbatch")
          ELSE /\ Goto(p, "park")
               /\ UNCHANGED <<expected, published>>
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, top, wasted, work>>

\* The next sequence of p's batch to park: parks go in order, lo first.
ToPark(p) == CHOOSE s \in lo[p] .. seq[p] : s \notin published /\ \A x \in lo[p] .. s - 1 : x \in published

(* publish step 2, for s = lo .. hi: pending[s & mask] = s (the full       *)
(* sequence, so a stale entry never matches and nothing needs clearing).  *)
Park(p) ==
    /\ pc[p] = "park"
    /\ LET s == ToPark(p) IN
       /\ pending' = [pending EXCEPT ![Slot(s)] = s]
       /\ published' = published \cup {s}
       /\ Goto(p, IF s < seq[p] THEN "park" ELSE "read")
    /\ UNCHANGED <<next, cursor, consumed, seq, lo, expected, top, wasted, work>>

(* publish step 3: c = cursor; return if c >= hi; else the run to move the *)
(* cursor over is the rest of the batch, all parked by this call:          *)
(* expected = max(lo - 1, c), top = hi                                     *)
ReadCursor(p) ==
    /\ pc[p] = "read"
    /\ IF cursor >= seq[p]
          THEN /\ Goto(p, "claim")
               /\ UNCHANGED <<expected, top>>
          ELSE /\ expected' = [expected EXCEPT ![p] = Max(lo[p] - 1, cursor)]
               /\ top' = [top EXCEPT ![p] = seq[p]]
               /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, published, wasted, work>>

(* publish step 4: cursor.CAS(expected, top), over the run; a failure ends *)
(* the call. After a success the cursor is at top: expected = top, and the *)
(* drain loads above it.                                                   *)
CasCursor(p) ==
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = top[p]
               /\ work' = [work EXCEPT ![p] = @ + (top[p] - expected[p])]
               /\ expected' = [expected EXCEPT ![p] = top[p]]
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work, expected>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, top, published>>

(* The fast path's CAS: cursor.CAS(lo - 1, hi), over the whole batch. It    *)
(* cannot fail (FastPathOwnsItsBatch: nobody else moves the cursor off     *)
(* lo - 1); like any CAS here, a failure would end the call. Then the      *)
(* drain goes on from hi + 1: expected = top = hi.                         *)
CasOverBatch(p) ==
    /\ pc[p] = "casbatch"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = seq[p]
               /\ work' = [work EXCEPT ![p] = @ + (seq[p] - lo[p] + 1)]
               /\ expected' = [expected EXCEPT ![p] = seq[p]]
               /\ top' = [top EXCEPT ![p] = seq[p]]
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED <<cursor, work, expected, top>>
    /\ UNCHANGED <<next, consumed, pending, seq, lo, published>>

(* publish step 5, the drain, after a successful CAS (the cursor was moved *)
(* to expected): is top + 1 parked (pending[(top + 1) & mask] = top + 1)?  *)
(* Yes: the run grows by it, and the drain loads the next entry, unless   *)
(* the run is PendingSize long: then the CAS. No: the CAS over the run if *)
(* it holds any sequence (top > expected), else the call returns. The      *)
(* first load after each CAS is the handshake's other half.                *)
LoadPending(p) ==
    /\ pc[p] = "drain"
    /\ LET s == top[p] + 1
       IN  IF pending[Slot(s)] = s
              THEN /\ top' = [top EXCEPT ![p] = s]
                   /\ Goto(p, IF s - expected[p] < PendingSize THEN "drain" ELSE "cas")
              ELSE /\ Goto(p, IF top[p] > expected[p] THEN "cas" ELSE "claim")
                   /\ UNCHANGED top
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, lo, expected, published, wasted, work>>

(* The consumer follows the cursor; its progress frees ring slots. *)
Consume ==
    /\ consumed < cursor
    /\ consumed' = consumed + 1
    /\ UNCHANGED <<next, cursor, pending, pc, seq, lo, expected, top, published, wasted, work>>

\* Every sequence claimed and every call returned: the system idles.
Terminating ==
    /\ next = N - 1
    /\ \A p \in Publishers : pc[p] = "claim"
    /\ UNCHANGED vars

Publisher(p) ==
    \/ \E n \in 1 .. MaxBatch : Claim(p, n)
    \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ CasOverBatch(p) \/ LoadPending(p)

\* Each broken sibling defines its own Next and Spec, in this shape, around its
\* own publisher (an operator argument would hide the action names from TLC's traces).
Next == (\E p \in Publishers : Publisher(p)) \/ Consume \/ Terminating
Spec ==
    /\ Init
    /\ [][Next]_vars
    /\ \A p \in Publishers : WF_vars(Publisher(p))    \* every thread keeps getting scheduled
    /\ WF_vars(Consume)

-----------------------------------------------------------------------------
(* Properties, named for what they promise. *)

\* Two publishers never hold the same sequence: their batches are disjoint.
ClaimsUnique ==
    \A p, q \in Publishers :
        (p # q /\ pc[p] \in Claimed /\ pc[q] \in Claimed) => (lo[p] .. seq[p]) \cap (lo[q] .. seq[q]) = {}

\* The cursor covers only sequences whose publication has happened.
CursorOnlyCoversPublished == \A s \in 0 .. cursor : s \in published

\* The cursor never moves back ...
CursorNeverMovesBack == [][cursor' >= cursor]_cursor
\* ... and moves by more than one only in one CAS over a run: the fast
\* path's over its own batch, from just below it (CasOverBatch), or a
\* CasCursor from where it is to the end of a run whose every entry holds its
\* own sequence (parked by this call or found so by its drain): never over a
\* sequence nobody parked and no other call holds.
CursorJumpsOnlyOverRuns ==
    [][cursor' > cursor + 1 =>
         \E p \in Publishers :
            \/ pc[p] = "casbatch" /\ lo[p] = cursor + 1 /\ cursor' = seq[p]
            \/ /\ pc[p] = "cas" /\ expected[p] = cursor /\ cursor' = top[p]
               /\ \A s \in cursor + 1 .. top[p] : pending[Slot(s)] = s]_cursor

\* A parked entry is only ever overwritten once the cursor covers it.
ParkedNeverOverwritten ==
    [][\A i \in Slots : pending'[i] # pending[i] => pending[i] <= cursor]_pending

\* The fast path's premise: a sequence published without a park (the guard
\* found its batch's predecessor visible) and not yet under the cursor is in
\* the batch right above the cursor, whose publisher is about to CAS the
\* cursor over it: no one else can, and nobody waits for a park that never
\* comes. (A parked entry ahead of the cursor is never overwritten:
\* ParkedNeverOverwritten.)
FastPathOwnsItsBatch ==
    \A s \in published :
        (s > cursor /\ pending[Slot(s)] # s) =>
            \E p \in Publishers :
                /\ pc[p] = "casbatch" /\ lo[p] = cursor + 1 /\ expected[p] = cursor
                /\ s \in lo[p] .. seq[p]

\* A publish call performs at most one failed attempt: it never retries.
BoundedWork == \A p \in Publishers : wasted[p] <= 1

\* The work of a publish call is paid for: it moves the cursor over at most
\* its own batch plus one sequence per park of a later claim (another
\* publisher's). Alone, a call does at most its batch; with others parking
\* right ahead, nothing but N bounds it (lock-free, not wait-free).
WorkPaidByParks ==
    \A p \in Publishers : work[p] <= (seq[p] - lo[p] + 1) + Cardinality({s \in published : s > seq[p]})

\* Every publish call returns (because N is finite: see the header).
EveryPublishReturns == \A p \in Publishers : pc[p] \in InPublish ~> pc[p] = "claim"

\* Every published sequence eventually falls under the cursor.
EventuallyVisible == \A s \in Seqs : s \in published ~> cursor >= s

\* The algorithm refines the abstract sequencer.
Abstract == INSTANCE Sequencer
Refinement == Abstract!Spec
=============================================================================
