---------------------------- MODULE Disruptor119 ----------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: the LMAX Disruptor 2.10.1   *)
(* BlockingWaitStrategy's numWaiters optimisation (2012), fixed upstream   *)
(* in two steps: commit e47dfc4a (2.10.2, "Fix race condition in blocking  *)
(* wait strategy": the condition wait becomes a 1 ms timed wait) and       *)
(* commit 8ee83911 (2.10.4, "Remove optimisation from                      *)
(* BlockingWaitStrategy, has possible failure conditions"). Disruptor      *)
(* issue #119 (2015) asked what the race was; the maintainer answered that *)
(* a consumer could miss a wakeup, that it happened in LMAX's production   *)
(* system (a 6 s latency spike), and to upgrade to 2.10.4. Written from    *)
(* BlockingWaitStrategy, Sequence, Sequencer and the claim strategies of   *)
(* the com.googlecode.disruptor:disruptor 2.10.1, 2.10.2 and 2.10.4        *)
(* sources jars (Maven Central) and the two commits; no code is copied.    *)
(*                                                                         *)
(* 2.10.1: the publisher's Sequencer.publish(s) stores the cursor with     *)
(* Sequence.set (Unsafe.putOrderedLong: a release store), then calls       *)
(* signalAllWhenBlocking, which reads the volatile int numWaiters and, if  *)
(* it is 0, signals no one; otherwise it takes the ReentrantLock and calls *)
(* signalAll on its Condition. A waiter's waitFor(s) reads the cursor      *)
(* (Sequence.get: a volatile load); if it is below s it takes the lock,    *)
(* increments numWaiters (a volatile load, then a volatile store: the lock *)
(* makes the ++ atomic), and while the cursor (read again) is below s,     *)
(* awaits the condition; at the end it decrements numWaiters and unlocks.  *)
(* The publisher's cursor store then numWaiters load, against the waiter's *)
(* numWaiters store then cursor load, is store buffering (SB): with the    *)
(* cursor stored by a release store, x86-TSO already lets the publisher    *)
(* read numWaiters = 0 while its cursor store sits in its store buffer,    *)
(* and the waiter read the old cursor: the waiter awaits, the publisher    *)
(* signals no one, and the event waits for the next publication.           *)
(* 2.10.2: the same, the await timed (1 ms): the lost signal stays, a      *)
(* timeout bounds its cost. 2.10.4: no numWaiters; the publisher always    *)
(* takes the lock and signals (the re-check and the await are under the    *)
(* lock the signaller takes).                                              *)
(*                                                                         *)
(* A lost wakeup is a liveness failure; the layer checks safety, so the    *)
(* property says it as one (as Disruptor487.tla does): the waiter never    *)
(* awaits for good (in the condition queue, untimed) while the sequence it *)
(* waits for is published and the publisher's signal for it is over.       *)
(*                                                                         *)
(* Modelled: one publisher publishing 0 .. N-1 (SingleThreadedClaimStrategy*)
(* serialisePublishing is cursor.set(s)), one waiter (a consumer without   *)
(* dependents) waiting for 0 .. N-1 in turn. The ReentrantLock is one      *)
(* location (lock: AQS's compareAndSetState from 0 to 1, a volatile CAS,   *)
(* enabled only when the lock is free: a blocked lock() parks until then;  *)
(* unlock: AQS's setState(0), a volatile store). The condition queue is    *)
(* ghost state of the JVM (waitSet), changed atomically with the step that *)
(* changes it: await releases the lock and joins the condition queue in    *)
(* one step, signalAll (under the lock) moves the waiter to the lock's     *)
(* queue, and the waiter then takes the lock again before it re-checks.    *)
(*                                                                         *)
(* Abstracted: alerts (checkAlert), waitFor with a timeout, interrupts,    *)
(* spurious wakeups and 2.10.2's timeouts before the sequence is published *)
(* (they only re-run the loop), several waiters and                        *)
(* publishers, the other claim strategies (MultiThreadedLowContention-     *)
(* ClaimStrategy also publishes with cursor.set, after spinning for its    *)
(* turn: the same race; MultiThreadedClaimStrategy moves the cursor with   *)
(* compareAndSet, a volatile RMW, which drains the store buffer: on x86 it *)
(* does not lose the signal this way), the ring and the events (the        *)
(* property is about the wakeup, not the payload).                         *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,     \* "tso" or "weak" (Memory.tla)
    Version,      \* "2.10.1", "2.10.2" or "2.10.4"
    CursorStore,  \* the mode of the publish's cursor store: "release" (Sequence.set) or "volatile"
    N,            \* sequences published: 0 .. N-1
    Reach         \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"2.10.1", "2.10.2", "2.10.4"} /\ CursorStore \in {"release", "volatile"}
       /\ N \in Nat \ {0}

\* The optimisation: the publisher signals only if it reads numWaiters # 0 (2.10.1, 2.10.2).
Counted == Version \in {"2.10.1", "2.10.2"}
\* 2.10.2: the waiter's await is timed (1 ms), so it never awaits for good.
Timed == Version = "2.10.2"

Pub == "publisher"
Wtr == "waiter"

\* The access mode of each step.
Mode == [
    Publish     |-> CursorStore, \* Sequencer.publish -> serialisePublishing: cursor.set(s), putOrderedLong
    ReadWaiters |-> "volatile",  \* signalAllWhenBlocking: 0 != numWaiters (volatile int)
    Check       |-> "volatile",  \* waitFor: cursor.get(), getLongVolatile
    Count       |-> "volatile",  \* waitFor: ++numWaiters / --numWaiters, a volatile load and store each
    Lock        |-> "volatile",  \* ReentrantLock.lock: AQS compareAndSetState(0, 1)
    Unlock      |-> "volatile"   \* ReentrantLock.unlock (and the release inside await): AQS setState(0)
]

Locs == {"cursor", "numWaiters", "lock"}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    ppc,        \* the publisher's next step
    pnext,      \* the sequence it publishes next (every one below it is published and signalled)
    wpc,        \* the waiter's next step
    wseq,       \* the sequence the waiter waits for
    count,      \* the value the waiter's ++ or -- read (its register)
    waitSet,    \* ghost: the waiter is in the condition's queue
    skipped,    \* history: the publisher read numWaiters = 0 while the waiter was past its first check
    woken,      \* history: a signalAll moved the awaiting waiter out of the condition's queue
    rescued     \* history (2.10.2): a timeout ended an await whose sequence was published and signalled

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, ppc, pnext, wpc, wseq, count, waitSet, skipped, woken, rescued>>

M == INSTANCE Memory WITH Threads <- {Pub, Wtr},
        Init <- [x \in Locs |-> IF x = "cursor" THEN -1 ELSE 0]

Init ==
    /\ M!MemInit
    /\ ppc = "publish" /\ pnext = 0
    /\ wpc = "check1" /\ wseq = 0 /\ count = 0
    /\ waitSet = FALSE /\ skipped = FALSE /\ woken = FALSE /\ rescued = FALSE

WKeep == UNCHANGED <<wpc, wseq, count, waitSet, woken, rescued>>
PKeep == UNCHANGED <<ppc, pnext, skipped>>

\* The publisher is done with pnext: published and signalled (or the signal skipped).
NextSeq == /\ pnext' = pnext + 1
           /\ ppc' = IF pnext + 1 = N THEN "done" ELSE "publish"

\* The waiter is past its first check of the cursor and has not yet made itself counted.
InWindow == wpc \in {"lock", "incload", "incstore"}

-----------------------------------------------------------------------------
(* The publisher: publish(s) = cursor.set(s); signalAllWhenBlocking() *)

Publish ==
    /\ ppc = "publish" /\ pnext < N
    /\ M!Store(Pub, "cursor", Mode.Publish, pnext)
    /\ ppc' = IF Counted THEN "readwaiters" ELSE "lock"
    /\ UNCHANGED <<pnext, skipped>> /\ WKeep

(* 2.10.1, 2.10.2: if (0 != numWaiters) { lock; signalAll; unlock } *)
ReadWaiters ==
    /\ ppc = "readwaiters"
    /\ \E r \in M!Reads(Pub, "numWaiters", Mode.ReadWaiters) :
          /\ M!Load(Pub, "numWaiters", Mode.ReadWaiters, r)
          /\ IF r.val = 0
                THEN NextSeq /\ skipped' = (skipped \/ (pnext = wseq /\ InWindow))
                ELSE ppc' = "lock" /\ UNCHANGED <<pnext, skipped>>
    /\ WKeep

PublisherLock ==
    /\ ppc = "lock"
    /\ M!CasOk(Pub, "lock", Mode.Lock, 0, 1)
    /\ ppc' = "signal"
    /\ UNCHANGED <<pnext, skipped>> /\ WKeep

(* processorNotifyCondition.signalAll(): the waiter leaves the condition's queue for the lock's *)
Signal ==
    /\ ppc = "signal"
    /\ IF waitSet THEN waitSet' = FALSE /\ wpc' = "relock" /\ woken' = TRUE
                  ELSE UNCHANGED <<waitSet, wpc, woken>>
    /\ ppc' = "unlock"
    /\ UNCHANGED <<pnext, skipped, wseq, count, rescued>> /\ UNCHANGED memVars

PublisherUnlock ==
    /\ ppc = "unlock"
    /\ M!Store(Pub, "lock", Mode.Unlock, 0)
    /\ NextSeq
    /\ UNCHANGED skipped /\ WKeep

-----------------------------------------------------------------------------
(* The waiter: waitFor(wseq) *)

ReadCursor(pass, fail) ==
    \E r \in M!Reads(Wtr, "cursor", Mode.Check) :
        /\ M!Load(Wtr, "cursor", Mode.Check, r)
        /\ wpc' = IF r.val >= wseq THEN pass ELSE fail

(* if ((availableSequence = cursor.get()) < sequence) *)
Check1 ==
    /\ wpc = "check1" /\ wseq < N
    /\ ReadCursor("consume", "lock")
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

(* lock.lock(), before the loop and after an await returns *)
WaiterLock ==
    /\ wpc \in {"lock", "relock"}
    /\ M!CasOk(Wtr, "lock", Mode.Lock, 0, 1)
    /\ wpc' = IF wpc = "relock" \/ ~Counted THEN "check2" ELSE "incload"
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

(* ++numWaiters: a volatile load, then a volatile store (under the lock) *)
IncLoad ==
    /\ wpc = "incload"
    /\ \E r \in M!Reads(Wtr, "numWaiters", Mode.Count) :
          M!Load(Wtr, "numWaiters", Mode.Count, r) /\ count' = r.val
    /\ wpc' = "incstore"
    /\ UNCHANGED <<wseq, waitSet, woken, rescued>> /\ PKeep

IncStore ==
    /\ wpc = "incstore"
    /\ M!Store(Wtr, "numWaiters", Mode.Count, count + 1)
    /\ wpc' = "check2"
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

(* while ((availableSequence = cursor.get()) < sequence) await; on exit --numWaiters (2.10.1, *)
(* 2.10.2) and unlock                                                                          *)
Check2 ==
    /\ wpc = "check2"
    /\ ReadCursor(IF Counted THEN "decload" ELSE "unlock", "await")
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

(* processorNotifyCondition.await(): releases the lock and joins the condition's queue, atomically *)
Await ==
    /\ wpc = "await"
    /\ M!Store(Wtr, "lock", Mode.Unlock, 0)
    /\ waitSet' = TRUE /\ wpc' = "waiting"
    /\ UNCHANGED <<wseq, count, woken, rescued>> /\ PKeep

(* 2.10.2: await(1, MILLISECONDS) times out: the waiter leaves the condition's queue for the lock's. *)
(* Only the timeouts that matter are modelled: after the awaited sequence is published and its     *)
(* signal is over (an earlier timeout only re-runs the loop, and on weak memory each round would   *)
(* add a write of the lock, an unbounded state space).                                              *)
Timeout ==
    /\ Timed /\ wpc = "waiting" /\ waitSet /\ pnext > wseq
    /\ waitSet' = FALSE /\ wpc' = "relock"
    /\ rescued' = TRUE
    /\ UNCHANGED <<wseq, count, woken>> /\ PKeep /\ UNCHANGED memVars

DecLoad ==
    /\ wpc = "decload"
    /\ \E r \in M!Reads(Wtr, "numWaiters", Mode.Count) :
          M!Load(Wtr, "numWaiters", Mode.Count, r) /\ count' = r.val
    /\ wpc' = "decstore"
    /\ UNCHANGED <<wseq, waitSet, woken, rescued>> /\ PKeep

DecStore ==
    /\ wpc = "decstore"
    /\ M!Store(Wtr, "numWaiters", Mode.Count, count - 1)
    /\ wpc' = "unlock"
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

WaiterUnlock ==
    /\ wpc = "unlock"
    /\ M!Store(Wtr, "lock", Mode.Unlock, 0)
    /\ wpc' = "consume"
    /\ UNCHANGED <<wseq, count, waitSet, woken, rescued>> /\ PKeep

(* waitFor returned: the consumer handles wseq and waits for the next *)
Consume ==
    /\ wpc = "consume"
    /\ wseq' = wseq + 1
    /\ wpc' = IF wseq + 1 < N THEN "check1" ELSE "done"
    /\ UNCHANGED <<count, waitSet, woken, rescued>> /\ PKeep /\ UNCHANGED memVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<ppc, pnext, wpc, wseq, count, waitSet, skipped, woken, rescued>>

Done == ppc = "done" /\ wpc = "done" /\ M!Quiescent

Next ==
    \/ Publish \/ ReadWaiters \/ PublisherLock \/ Signal \/ PublisherUnlock
    \/ Check1 \/ WaiterLock \/ IncLoad \/ IncStore \/ Check2 \/ Await \/ Timeout
    \/ DecLoad \/ DecStore \/ WaiterUnlock \/ Consume
    \/ \E t \in {Pub, Wtr} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The waiter awaits for good: in the condition's queue, with no timeout to end the wait.
Blocked == wpc = "waiting" /\ waitSet /\ ~Timed

\* No lost wakeup: the waiter never awaits for good while the sequence it waits for is
\* published and the publisher's signal for it is over (the publisher moved past it).
NoLostWakeup == ~(Blocked /\ pnext > wseq)

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The race window: the publisher read numWaiters = 0 for the sequence the waiter waits for
\* while the waiter was past its first check and not yet counted (2.10.1, 2.10.2).
Witness_SkipInWindow == Witness("SkipInWindow", skipped)

\* 2.10.4: the publisher signals while the waiter is past its first check and has not yet
\* awaited (between check1 and await), for the sequence it waits for.
Witness_SignalInWindow ==
    Witness("SignalInWindow", ppc = "signal" /\ pnext = wseq /\ wpc \in {"lock", "check2", "await"})

\* The waiter awaited and a signalAll woke it.
Witness_WokenBySignal == Witness("WokenBySignal", woken)

\* 2.10.2: a timed await ended by its timeout although its sequence was published and
\* signalled: the signal was lost, the 1 ms timeout recovered it.
Witness_RescuedByTimeout == Witness("RescuedByTimeout", rescued)
=============================================================================
