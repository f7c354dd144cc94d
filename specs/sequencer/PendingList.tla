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
(* Modeled: one action per atomic memory operation of the Java code (the   *)
(* claim increment, the slot-gating load, the guard load of the cursor,    *)
(* the pending store, the cursor load, the CAS attempt, the pending load), *)
(* and a consumer that follows the cursor and gates claims.                *)
(* Abstracted away: the event data in the ring (a slot is written between  *)
(* AwaitSlot and Guard), batch claims (batch size 1), the spin/yield       *)
(* counters of the Java busy-waits (a wait is an action enabled when its   *)
(* condition holds), and memory ordering: steps interleave under           *)
(* sequential consistency. The Java code must supply the StoreLoad         *)
(* ordering between Park and ReadCursor that this interleaving assumes;    *)
(* the jcstress tests probe exactly that.                                  *)
(*                                                                         *)
(* `published` and `wasted` are history variables: they record what the   *)
(* properties talk about and no Java field corresponds to them.            *)
(***************************************************************************)
EXTENDS Integers, FiniteSets

CONSTANTS
    Publishers,   \* the publishing threads
    N,            \* sequences claimed in total: 0 .. N-1
    PendingSize,  \* length of the pending array (a power of two)
    BufferSize    \* ring size: a claim waits while it would wrap the consumer

ASSUME /\ Publishers # {}
       /\ N \in Nat \ {0}
       /\ PendingSize \in {1, 2, 4, 8, 16}
       /\ BufferSize \in Nat \ {0}

Seqs  == 0 .. N - 1
Slots == 0 .. PendingSize - 1
Slot(s) == s % PendingSize            \* Java: (int) s & mask
Max(a, b) == IF a > b THEN a ELSE b

\* Where a publisher is. "claim" is outside any call: before a claim, or
\* after a publish returned.
Claimed  == {"await", "guard", "park", "read", "cas", "drain"}
InPublish == {"guard", "park", "read", "cas", "drain"}

VARIABLES
    next,       \* Java: claimSequence, the last claimed sequence
    cursor,     \* Java: cursor, the last sequence visible to consumers
    consumed,   \* Java: the consumer's gating sequence
    pending,    \* Java: pending (AtomicLongArray), full sequences, -1 = empty
    pc,         \* per publisher: the next atomic step
    seq,        \* per publisher: the sequence it claimed (a local)
    expected,   \* per publisher: the cursor value its next CAS expects (a local)
    published,  \* history: sequences whose pending store has happened
    wasted      \* history: failed attempts in the current publish call, saturating at 2

vars == <<next, cursor, consumed, pending, pc, seq, expected, published, wasted>>

TypeOK ==
    /\ next \in -1 .. N - 1
    /\ cursor \in -1 .. N - 1
    /\ consumed \in -1 .. N - 1
    /\ pending \in [Slots -> -1 .. N - 1]
    /\ pc \in [Publishers -> {"claim"} \cup Claimed]
    /\ seq \in [Publishers -> -1 .. N - 1]
    /\ expected \in [Publishers -> -2 .. N - 1]
    /\ published \subseteq Seqs
    /\ wasted \in [Publishers -> 0 .. 2]

Init ==
    /\ next = -1
    /\ cursor = -1
    /\ consumed = -1
    /\ pending = [i \in Slots |-> -1]
    /\ pc = [p \in Publishers |-> "claim"]
    /\ seq = [p \in Publishers |-> -1]
    /\ expected = [p \in Publishers |-> -1]
    /\ published = {}
    /\ wasted = [p \in Publishers |-> 0]

Goto(p, label) == pc' = [pc EXCEPT ![p] = label]
Waste(p) == wasted' = [wasted EXCEPT ![p] = IF @ < 2 THEN @ + 1 ELSE 2]

(* claim(): seq = next.incrementAndGet() *)
Claim(p) ==
    /\ pc[p] = "claim"
    /\ next < N - 1
    /\ next' = next + 1
    /\ seq' = [seq EXCEPT ![p] = next + 1]
    /\ wasted' = [wasted EXCEPT ![p] = 0]
    /\ Goto(p, "await")
    /\ UNCHANGED <<cursor, consumed, pending, expected, published>>

(* claim(), then: wait while seq - BufferSize > consumer's gating sequence *)
AwaitSlot(p) ==
    /\ pc[p] = "await"
    /\ seq[p] - BufferSize <= consumed
    /\ Goto(p, "guard")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, expected, published, wasted>>

(* publish step 1, back-pressure: wait while seq - cursor > PendingSize *)
Guard(p) ==
    /\ pc[p] = "guard"
    /\ seq[p] - cursor <= PendingSize
    /\ Goto(p, "park")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, expected, published, wasted>>

(* publish step 2: pending[seq & mask] = seq (the full sequence, so a stale *)
(* entry never matches and nothing needs clearing)                          *)
Park(p) ==
    /\ pc[p] = "park"
    /\ pending' = [pending EXCEPT ![Slot(seq[p])] = seq[p]]
    /\ published' = published \cup {seq[p]}
    /\ Goto(p, "read")
    /\ UNCHANGED <<next, cursor, consumed, seq, expected, wasted>>

(* publish step 3: c = cursor; return if c >= seq; expected = max(seq - 1, c) *)
ReadCursor(p) ==
    /\ pc[p] = "read"
    /\ IF cursor >= seq[p]
          THEN /\ Goto(p, "claim")
               /\ UNCHANGED expected
          ELSE /\ expected' = [expected EXCEPT ![p] = Max(seq[p] - 1, cursor)]
               /\ Goto(p, "cas")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, published, wasted>>

(* publish step 4: cursor.CAS(expected, expected + 1); a failure ends the call *)
CasCursor(p) ==
    /\ pc[p] = "cas"
    /\ IF cursor = expected[p]
          THEN /\ cursor' = expected[p] + 1
               /\ Goto(p, "drain")
               /\ UNCHANGED wasted
          ELSE /\ Goto(p, "claim")
               /\ Waste(p)
               /\ UNCHANGED cursor
    /\ UNCHANGED <<next, consumed, pending, seq, expected, published>>

(* publish step 5, after a successful CAS: expected = expected + 1; go on   *)
(* iff pending[(expected + 1) & mask] = expected + 1                         *)
LoadPending(p) ==
    /\ pc[p] = "drain"
    /\ LET e == expected[p] + 1
       IN  /\ expected' = [expected EXCEPT ![p] = e]
           /\ Goto(p, IF pending[Slot(e + 1)] = e + 1 THEN "cas" ELSE "claim")
    /\ UNCHANGED <<next, cursor, consumed, pending, seq, published, wasted>>

(* The consumer follows the cursor; its progress frees ring slots. *)
Consume ==
    /\ consumed < cursor
    /\ consumed' = consumed + 1
    /\ UNCHANGED <<next, cursor, pending, pc, seq, expected, published, wasted>>

\* Every sequence claimed and every call returned: the system idles.
Terminating ==
    /\ next = N - 1
    /\ \A p \in Publishers : pc[p] = "claim"
    /\ UNCHANGED vars

Publisher(p) ==
    \/ Claim(p) \/ AwaitSlot(p) \/ Guard(p) \/ Park(p)
    \/ ReadCursor(p) \/ CasCursor(p) \/ LoadPending(p)

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

\* Two publishers never hold the same sequence.
ClaimsUnique ==
    \A p, q \in Publishers :
        (p # q /\ pc[p] \in Claimed /\ pc[q] \in Claimed) => seq[p] # seq[q]

\* The cursor covers only sequences whose publication has happened.
CursorOnlyCoversPublished == \A s \in 0 .. cursor : s \in published

\* The cursor never moves back ...
CursorNeverMovesBack == [][cursor' >= cursor]_cursor
\* ... and never skips a sequence.
CursorMovesOneStep == [][cursor' <= cursor + 1]_cursor

\* A parked entry is only ever overwritten once the cursor covers it.
ParkedNeverOverwritten ==
    [][\A i \in Slots : pending'[i] # pending[i] => pending[i] <= cursor]_pending

\* A publish call performs at most one failed attempt: it never retries.
BoundedWork == \A p \in Publishers : wasted[p] <= 1

\* Every publish call returns.
EveryPublishReturns == \A p \in Publishers : pc[p] \in InPublish ~> pc[p] = "claim"

\* Every published sequence eventually falls under the cursor.
EventuallyVisible == \A s \in Seqs : s \in published ~> cursor >= s

\* The algorithm refines the abstract sequencer.
Abstract == INSTANCE Sequencer
Refinement == Abstract!Spec
=============================================================================
