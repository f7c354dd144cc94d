---------------------------- MODULE Disruptor487 ----------------------------
(***************************************************************************)
(* A proposed wait strategy under the memory layer: LMAX-Exchange/         *)
(* disruptor issue #487 (2024, closed), "Another BlockingWaitStrategy": a  *)
(* user proposed a BlockingWaitStrategy without the monitor, and noted     *)
(* himself that consumers may miss wakeups. Written from the proposal as   *)
(* posted in the issue and from Disruptor 4.0.0's own BlockingWaitStrategy *)
(* and SingleProducerSequencer.publish (com.lmax:disruptor:4.0.0 sources   *)
(* jar); no code of either is copied here.                                 *)
(*                                                                         *)
(* Version "broken", the proposal: waitFor(sequence) reads the cursor      *)
(* (Sequence.get); while it is below the sequence: checkAlert, offer the   *)
(* current thread to a ConcurrentLinkedQueue of waiters, LockSupport.park, *)
(* and read the cursor again. signalAllWhenBlocking polls that queue until *)
(* it is empty, unparking each thread it polls. The check comes before the *)
(* offer: a publisher whose signal runs between the waiter's check and its *)
(* offer finds the queue empty and unparks nobody, and the waiter then     *)
(* parks with nothing left to wake it (until another publication). That   *)
(* is a lost wakeup under sequential consistency: no weak memory needed    *)
(* (model BugDisruptor487BrokenSc: x86-TSO with every store volatile).     *)
(*                                                                         *)
(* Version "fixed", Disruptor 4.0.0's BlockingWaitStrategy: waitFor reads  *)
(* the cursor; if it is below the sequence, synchronized (mutex) { while   *)
(* the cursor (read again) is below: checkAlert, mutex.wait() };           *)
(* signalAllWhenBlocking is synchronized (mutex) { mutex.notifyAll() }.    *)
(* The re-check and the wait are under the monitor the signaller takes,    *)
(* and the wait releases it atomically: no signal falls in between.        *)
(*                                                                         *)
(* Version "enqueueFirst", not from the thread but the lock-free repair    *)
(* one would try next: the waiter offers itself, then re-checks the        *)
(* cursor, then parks (after a wakeup it offers itself again). Under       *)
(* sequential consistency that closes the window; but the waiter's offer   *)
(* then its cursor load, against the producer's cursor store then its      *)
(* poll, is store buffering (SB): with the cursor stored by Sequence.set   *)
(* (a release store) x86-TSO already loses the wakeup, and on weak         *)
(* hardware the waiter's acquire load of the cursor must be volatile too   *)
(* (CheckMode), as SB needs all four accesses volatile in the JMM.         *)
(*                                                                         *)
(* Modelled: one producer shaped as SingleProducerSequencer.publish(s):    *)
(* cursor.set(s) (Sequence.set: releaseFence, then a plain store; modelled *)
(* as a release store, as in specs/peers/disruptor), then                  *)
(* signalAllWhenBlocking; it publishes 0 .. N-1. One waiter, a consumer    *)
(* without dependents (the dependent sequence is the cursor, so the spin   *)
(* after the blocking part returns at once), waiting for 0 .. N-1 in turn. *)
(* The queue of waiters is one location counting the waiter's entries     *)
(* (offer: a volatile RMW, the CAS that links the node; poll: a volatile   *)
(* CAS of a node's item, or, on an empty queue, a volatile load). The      *)
(* monitor is one location (monitorenter a volatile CAS from 0 to 1,       *)
(* monitorexit a volatile store of 0); its wait set and the thread's park  *)
(* permit are ghost state of the JVM (waitSet, permit), changed atomically *)
(* with the step that changes them in the JVM.                             *)
(*                                                                         *)
(* Abstracted: alerts (checkAlert), timeouts, interrupts, spurious         *)
(* wakeups of park and wait (they only re-run the loop), several waiters   *)
(* and producers, the ring itself (no event data: the property is about    *)
(* the wakeup, not the payload), MultiProducerSequencer.                   *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,     \* "tso" or "weak" (Memory.tla)
    Version,      \* "broken" (the proposal), "fixed" (Disruptor 4.0.0's BlockingWaitStrategy)
                  \* or "enqueueFirst" (the proposal with the offer before the re-check)
    CursorStore,  \* the mode of the publish's cursor store: "release" (Sequence.set) or "volatile"
    CheckMode,    \* the mode of the waiter's cursor loads: "acquire" (Sequence.get) or "volatile"
    N,            \* sequences published: 0 .. N-1
    MaxQueueWrites, \* Disruptor487EnqueueFirst.cfg: the queue's writes explored in a behaviour (weak)
    Reach         \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"broken", "fixed", "enqueueFirst"} /\ CursorStore \in {"release", "volatile"}
       /\ CheckMode \in {"acquire", "volatile"} /\ N \in Nat \ {0}

LockFree == Version \in {"broken", "enqueueFirst"}

Producer == "producer"
Waiter == "waiter"

\* The access mode of each step (the two versions share the cursor accesses).
Mode == [
    Publish |-> CursorStore, \* SingleProducerSequencer.publish: cursor.set (releaseFence; store)
    Check   |-> CheckMode,   \* waitFor: cursorSequence.get (load; acquireFence): acquire
    Offer   |-> "volatile",  \* broken: ConcurrentLinkedQueue.offer (CAS of the tail's next)
    Poll    |-> "volatile",  \* broken: ConcurrentLinkedQueue.poll (CAS of the item; an empty queue: loads)
    Lock    |-> "volatile",  \* fixed: monitorenter on mutex
    Unlock  |-> "volatile"   \* fixed: monitorexit on mutex (and the release inside mutex.wait)
]

Locs == {"cursor", "queue", "mutex"}

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    ppc,        \* the producer's next step
    pnext,      \* the sequence it publishes next (all below it are published and signalled)
    wpc,        \* the waiter's next step
    wseq,       \* the sequence it waits for
    permit,     \* ghost: the waiter's LockSupport permit
    waitSet,    \* ghost: the waiter is in mutex's wait set
    woken       \* history: a signal has woken the blocked waiter (unpark of a parked thread, notifyAll)

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, ppc, pnext, wpc, wseq, permit, waitSet, woken>>

M == INSTANCE Memory WITH Threads <- {Producer, Waiter},
        Init <- [x \in Locs |-> IF x = "cursor" THEN -1 ELSE 0]

Init ==
    /\ M!MemInit
    /\ ppc = "publish" /\ pnext = 0
    /\ wpc = "check1" /\ wseq = 0
    /\ permit = FALSE /\ waitSet = FALSE /\ woken = FALSE

WKeep == UNCHANGED <<wpc, wseq, permit, waitSet, woken>>
PKeep == UNCHANGED <<ppc, pnext>>

\* The producer has published and signalled s and every sequence before it.
SignalledDone == IF pnext + 1 = N THEN "done" ELSE "publish"

-----------------------------------------------------------------------------
(* The producer: publish(s) = cursor.set(s); signalAllWhenBlocking() *)

Publish ==
    /\ ppc = "publish" /\ pnext < N
    /\ M!Store(Producer, "cursor", Mode.Publish, pnext)
    /\ ppc' = IF LockFree THEN "poll" ELSE "lock"
    /\ UNCHANGED pnext /\ WKeep

(* broken: while ((t = queue.poll()) != null) unpark(t) *)
Poll ==
    /\ ppc = "poll"
    /\ \/ \E r \in M!RmwReads(Producer, "queue", Mode.Poll) :
             r.val > 0 /\ M!Rmw(Producer, "queue", Mode.Poll, r, r.val - 1) /\ ppc' = "unpark"
             /\ UNCHANGED pnext
       \/ \E r \in M!Reads(Producer, "queue", Mode.Poll) :      \* the queue is empty: done
             r.val = 0 /\ M!Load(Producer, "queue", Mode.Poll, r)
             /\ ppc' = SignalledDone /\ pnext' = pnext + 1
    /\ WKeep

(* LockSupport.unpark(waiter): wakes it if parked, else leaves the permit *)
Unpark ==
    /\ ppc = "unpark"
    /\ IF wpc = "parked"
          THEN wpc' = (IF Version = "broken" THEN "check2" ELSE "offer")
               /\ UNCHANGED permit /\ woken' = TRUE
          ELSE permit' = TRUE /\ UNCHANGED <<wpc, woken>>
    /\ ppc' = "poll"
    /\ UNCHANGED <<pnext, wseq, waitSet>> /\ UNCHANGED memVars

(* fixed: synchronized (mutex) { mutex.notifyAll(); } *)
ProducerLock ==
    /\ ppc = "lock"
    /\ M!CasOk(Producer, "mutex", Mode.Lock, 0, 1)
    /\ ppc' = "notify"
    /\ UNCHANGED pnext /\ WKeep

Notify ==
    /\ ppc = "notify"
    /\ IF waitSet THEN waitSet' = FALSE /\ wpc' = "relock" /\ woken' = TRUE
                   ELSE UNCHANGED <<waitSet, wpc, woken>>
    /\ ppc' = "unlock"
    /\ UNCHANGED <<pnext, wseq, permit>> /\ UNCHANGED memVars

ProducerUnlock ==
    /\ ppc = "unlock"
    /\ M!Store(Producer, "mutex", Mode.Unlock, 0)
    /\ ppc' = SignalledDone /\ pnext' = pnext + 1
    /\ WKeep

-----------------------------------------------------------------------------
(* The waiter: waitFor(wseq) *)

ReadCursor(pass, fail) ==
    \E r \in M!Reads(Waiter, "cursor", Mode.Check) :
        /\ M!Load(Waiter, "cursor", Mode.Check, r)
        /\ wpc' = IF r.val >= wseq THEN pass ELSE fail

(* if (cursor.get() < sequence) *)
Check1 ==
    /\ wpc = "check1" /\ wseq < N
    /\ ReadCursor("consume", CASE Version = "broken" -> "check2"
                               [] Version = "enqueueFirst" -> "offer"
                               [] OTHER -> "lock")
    /\ UNCHANGED <<wseq, permit, waitSet, woken>> /\ PKeep

(* while (cursor.get() < sequence); broken: then offer and park; fixed: under the *)
(* monitor, then wait; enqueueFirst: after the offer, then park                   *)
Check2 ==
    /\ wpc = "check2"
    /\ ReadCursor(IF Version = "fixed" THEN "unlock" ELSE "consume",
                  CASE Version = "broken" -> "offer"
                    [] Version = "enqueueFirst" -> "park"
                    [] OTHER -> "wait")
    /\ UNCHANGED <<wseq, permit, waitSet, woken>> /\ PKeep

(* broken: queue.offer(currentThread) *)
Offer ==
    /\ wpc = "offer"
    /\ \E r \in M!RmwReads(Waiter, "queue", Mode.Offer) : M!Rmw(Waiter, "queue", Mode.Offer, r, r.val + 1)
    /\ wpc' = IF Version = "broken" THEN "park" ELSE "check2"
    /\ UNCHANGED <<wseq, permit, waitSet, woken>> /\ PKeep

(* broken: LockSupport.park: returns at once if the permit is there, else blocks *)
Park ==
    /\ wpc = "park"
    /\ IF permit THEN permit' = FALSE /\ wpc' = (IF Version = "broken" THEN "check2" ELSE "offer")
                 ELSE wpc' = "parked" /\ UNCHANGED permit
    /\ UNCHANGED <<wseq, waitSet, woken>> /\ PKeep /\ UNCHANGED memVars

(* fixed: synchronized (mutex) *)
WaiterLock ==
    /\ wpc \in {"lock", "relock"}
    /\ M!CasOk(Waiter, "mutex", Mode.Lock, 0, 1)
    /\ wpc' = "check2"
    /\ UNCHANGED <<wseq, permit, waitSet, woken>> /\ PKeep

(* fixed: mutex.wait(): releases the monitor and joins the wait set, atomically *)
Wait ==
    /\ wpc = "wait"
    /\ M!Store(Waiter, "mutex", Mode.Unlock, 0)
    /\ waitSet' = TRUE /\ wpc' = "waiting"
    /\ UNCHANGED <<wseq, permit, woken>> /\ PKeep

(* fixed: the end of the synchronized block *)
WaiterUnlock ==
    /\ wpc = "unlock"
    /\ M!Store(Waiter, "mutex", Mode.Unlock, 0)
    /\ wpc' = "consume"
    /\ UNCHANGED <<wseq, permit, waitSet, woken>> /\ PKeep

(* waitFor returned: the consumer handles wseq and waits for the next *)
Consume ==
    /\ wpc = "consume"
    /\ wseq' = wseq + 1
    /\ wpc' = IF wseq + 1 < N THEN "check1" ELSE "done"
    /\ UNCHANGED <<permit, waitSet, woken>> /\ PKeep /\ UNCHANGED memVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<ppc, pnext, wpc, wseq, permit, waitSet, woken>>

Done == ppc = "done" /\ wpc = "done" /\ M!Quiescent

Next ==
    \/ Publish \/ Poll \/ Unpark \/ ProducerLock \/ Notify \/ ProducerUnlock
    \/ Check1 \/ Check2 \/ Offer \/ Park \/ WaiterLock \/ Wait \/ WaiterUnlock \/ Consume
    \/ \E t \in {Producer, Waiter} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* The waiter is blocked with nothing pending to wake it: parked without a permit, or
\* in the wait set.
Blocked == (wpc = "parked" /\ ~permit) \/ (wpc = "waiting" /\ waitSet)

\* No lost wakeup: the waiter is never blocked while the sequence it waits for is
\* published and its signal is over (the producer has moved past it: pnext > wseq).
NoLostWakeup == ~(Blocked /\ pnext > wseq)

\* The enqueue-first protocol can go round forever (the waiter, woken, offers itself again
\* while the producer's signal is still polling), and on weak hardware every round adds a
\* message: Disruptor487EnqueueFirst.cfg bounds the writes of the queue in a behaviour.
QueueWritesBound == Strength = "tso" \/ Len(msgs["queue"]) <= MaxQueueWrites + 1

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The race window: the producer signals while the waiter is between its first check of
\* the cursor and blocking (broken: before its offer; fixed: before it holds the monitor
\* or between taking it and waiting).
Witness_SignalInWindow ==
    Witness("SignalInWindow",
        \/ ppc = "poll" /\ wpc \in {"check2", "offer"} /\ pnext = wseq /\ LockFree
        \/ ppc = "notify" /\ wpc \in {"lock", "check2", "wait"} /\ pnext = wseq)

\* The waiter blocked and was woken by the signal (broken: unparked; fixed: notified).
Witness_WokenBySignal == Witness("WokenBySignal", woken)
=============================================================================
