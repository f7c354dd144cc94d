----------------------------- MODULE Stormpot309 -----------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer (specs/memory/Memory.tla):   *)
(* chrisvest/stormpot issue #309 (2026). Written from a reading of         *)
(* stormpot's sources at commit 6e812d8 (April 2026, before the issue);    *)
(* no code of it is copied here.                                           *)
(*                                                                         *)
(* stormpot.internal.BSlot.lazySet(int) is the store every "to LIVING"     *)
(* transition uses (release, claim2live, claimTlr2live, dead2live), and it *)
(* was a VarHandle setOpaque of the volatile field BSlot.state, not a      *)
(* setRelease as the name lazySet (AtomicX.lazySet is a release store)     *)
(* suggests. The object it publishes is the slot itself, and with it the   *)
(* Poolable the slot holds (BSlot.obj): what the releasing thread wrote    *)
(* into that object while it held the claim. Two claim paths read it:      *)
(*  - the thread-local fast path (BlazePool.tlrClaim), the path the issue  *)
(*    names: a thread whose BSlotCache (its ThreadLocalBSlotCache) still   *)
(*    names a slot it once claimed through the slow path CASes that slot's *)
(*    state from LIVING to TLR_CLAIMED (live2claimTlr, a volatile CAS) and *)
(*    returns slot.obj, without touching the queue. If another thread      *)
(*    claimed and released the slot in between, the only link from that   *)
(*    releaser to this claimer is the state field: a volatile CAS that     *)
(*    reads an opaque store synchronizes with nothing, so the releaser's   *)
(*    writes into the object need not be visible to the claimer (Pool      *)
(*    .claim documents that they are);                                     *)
(*  - the slow path (BlazePool.slowClaim): live.poll() on the              *)
(*    LinkedTransferQueue, then live2claim, a volatile CAS of state from   *)
(*    LIVING to CLAIMED. A release from CLAIMED offers the slot to that    *)
(*    queue after the opaque store, and offer and poll synchronize; but a  *)
(*    release from TLR_CLAIMED offers nothing (the slot is still queued    *)
(*    from an earlier release), so a slow claim after another thread's     *)
(*    thread-local claim and release synchronizes only with that earlier   *)
(*    offer, and the opaque store is again the only link to the newest     *)
(*    writes (this path is the model's finding; the issue names the        *)
(*    first).                                                              *)
(* The fix modelled is this project's proposal: the issue is open, with    *)
(* no upstream fix, in the copy read. lazySet as setRelease, what lazySet  *)
(* means (AtomicInteger.lazySet, and the Java 8 code's putOrderedInt, are  *)
(* release stores). Version "broken" uses opaque, "fixed" release.         *)
(*                                                                         *)
(* Modelled: one slot; two claimer threads, each doing Rounds claims. A    *)
(* claim is BlazePool.tryClaim: the fast path if the thread's cache names *)
(* the slot (action TlrClaim, its CAS the step TlrCas), else (or if that   *)
(* CAS fails) the slow path: Poll (the queue, as one location counting the *)
(* slot's entries: LinkedTransferQueue.poll's CAS of a node's item,        *)
(* volatile; an empty queue ends the claim with null) and ClaimCas; a      *)
(* failed ClaimCas puts the slot back (Requeue: the disregard pile and its *)
(* refill into the live queue once the next poll finds the queue empty, as *)
(* one volatile offer) and ends the claim with null. A claim that returns  *)
(* null counts as one of the Rounds. Holding the claim, the user reads the *)
(* object (Use, plain) and writes its own value into it (Write, plain).    *)
(* BSlot.release: GetState (getClaimState: the volatile load of state),    *)
(* LazySet (state = LIVING, the mode under test), and Offer (live.offer,   *)
(* volatile) only if the state was CLAIMED (a TLR_CLAIMED slot is still in *)
(* the queue).                                                             *)
(*                                                                         *)
(* Abstracted: the slot is allocated before the run (state LIVING, in the *)
(* live queue; the allocator's writes happen before everything here);     *)
(* validity (poison, expiration: always valid), newAllocations, the        *)
(* disregard pile as a separate structure, timeouts, shutdown, kill and   *)
(* dead slots, the leak detector, the poisonedSlots counter; the queue's   *)
(* internals (offer and poll as one volatile RMW each of the count);      *)
(* the reference slot.obj and the cache field (written once / thread-     *)
(* local). Liveness (the layer is for safety only).                        *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "broken" (lazySet = setOpaque) or "fixed" (setRelease)
    Claimers,   \* the threads that claim and release the slot
    Rounds,     \* claims per thread
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"broken", "fixed"} /\ Rounds \in Nat \ {0}

\* BSlot's state values.
CLAIMED == 1
TLR_CLAIMED == 2
LIVING == 3

\* The access mode of each step, before (broken) and after (fixed) the fix.
BrokenMode == [
    TlrCas   |-> "volatile",  \* BlazePool.tlrClaim: slot.live2claimTlr, STATE.compareAndSet
    Poll     |-> "volatile",  \* BlazePool.slowClaim: live.poll (LinkedTransferQueue, CAS of the item)
    ClaimCas |-> "volatile",  \* BlazePool.slowClaim: slot.live2claim, STATE.compareAndSet
    Requeue  |-> "volatile",  \* BlazePool.slowClaim: disregardPile.push, refilled into live
    Use      |-> "plain",     \* the user's read of the pooled object
    Write    |-> "plain",     \* the user's write into the pooled object
    GetState |-> "volatile",  \* BSlot.release -> getClaimState -> get(): the volatile field
    LazySet  |-> "opaque",    \* BSlot.release -> lazySet(LIVING): STATE.setOpaque
    Offer    |-> "volatile"   \* BSlot.release: live.offer (LinkedTransferQueue)
]
FixedMode == [BrokenMode EXCEPT !.LazySet = "release"]   \* lazySet as STATE.setRelease

Mode(step) == IF Version = "fixed" THEN FixedMode[step] ELSE BrokenMode[step]

Locs == {"state", "queue", "obj"}
NoValue == <<>>                       \* the object's content before any user wrote it
Val(t, k) == <<t, k>>                 \* what t writes in its k-th claim

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per thread: its next step
    cache,      \* per thread: its BSlotCache names the slot (it claimed it through the slow path)
    path,       \* per thread: the path of its current claim, "tlr" or "slow"
    round,      \* per thread: claims done
    seen,       \* per thread: what its Use read
    claimState, \* per thread: what GetState read
    last,       \* history: the value the newest Write stored (the previous holder's)
    lastHolder  \* history: the thread that wrote it

memVars == <<mem, buf, msgs, cur, scv>>
vars == <<mem, buf, msgs, cur, scv, pc, cache, path, round, seen, claimState, last, lastHolder>>

M == INSTANCE Memory WITH Threads <- Claimers,
        Init <- [x \in Locs |-> CASE x = "state" -> LIVING [] x = "queue" -> 1 [] OTHER -> NoValue]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Claimers |-> "claim"]
    /\ cache = [t \in Claimers |-> FALSE]
    /\ path = [t \in Claimers |-> "none"]
    /\ round = [t \in Claimers |-> 0]
    /\ seen = [t \in Claimers |-> NoValue]
    /\ claimState = [t \in Claimers |-> 0]
    /\ last = NoValue
    /\ lastHolder = "none"

Goto(t, l) == pc' = [pc EXCEPT ![t] = l]
Keep == UNCHANGED <<cache, path, round, seen, claimState, last, lastHolder>>

(* tlrClaim: if the cache names the slot, live2claimTlr; else, or if the  *)
(* CAS fails, the slow path.                                               *)
TlrClaim(t) ==
    /\ pc[t] = "claim" /\ round[t] < Rounds
    /\ IF cache[t]
       THEN \/ /\ M!CasOk(t, "state", Mode("TlrCas"), LIVING, TLR_CLAIMED)
               /\ Goto(t, "use") /\ path' = [path EXCEPT ![t] = "tlr"]
            \/ /\ M!CasFails(t, "state", Mode("TlrCas"), LIVING)
               /\ Goto(t, "poll") /\ UNCHANGED path
       ELSE /\ Goto(t, "poll") /\ UNCHANGED memVars /\ UNCHANGED path
    /\ UNCHANGED <<cache, round, seen, claimState, last, lastHolder>>

(* slowClaim(cache), tryClaim's slow path: live.poll(); if the queue is  *)
(* empty, the claim returns null (the refill of an empty pile is nothing)  *)
Poll(t) ==
    /\ pc[t] = "poll"
    /\ \/ M!CasOk(t, "queue", Mode("Poll"), 1, 0) /\ Goto(t, "claimcas") /\ UNCHANGED round
       \/ /\ M!CasFails(t, "queue", Mode("Poll"), 1)
          /\ Goto(t, "claim") /\ round' = [round EXCEPT ![t] = @ + 1]
    /\ UNCHANGED <<cache, path, seen, claimState, last, lastHolder>>

(* slot.live2claim(); on success the cache names the slot; on failure the *)
(* slot goes to the disregard pile                                         *)
ClaimCas(t) ==
    /\ pc[t] = "claimcas"
    /\ \/ /\ M!CasOk(t, "state", Mode("ClaimCas"), LIVING, CLAIMED)
          /\ Goto(t, "use")
          /\ cache' = [cache EXCEPT ![t] = TRUE]
          /\ path' = [path EXCEPT ![t] = "slow"]
       \/ /\ M!CasFails(t, "state", Mode("ClaimCas"), LIVING)
          /\ Goto(t, "requeue") /\ UNCHANGED <<cache, path>>
    /\ UNCHANGED <<round, seen, claimState, last, lastHolder>>

(* the slot pushed on the disregard pile; the next poll finds the queue   *)
(* empty, the pile is refilled into the live queue and the claim returns   *)
(* null                                                                    *)
Requeue(t) ==
    /\ pc[t] = "requeue"
    /\ \E r \in M!RmwReads(t, "queue", Mode("Requeue")) : M!Rmw(t, "queue", Mode("Requeue"), r, r.val + 1)
    /\ Goto(t, "claim") /\ round' = [round EXCEPT ![t] = @ + 1]
    /\ UNCHANGED <<cache, path, seen, claimState, last, lastHolder>>

(* the claimer reads the pooled object *)
Use(t) ==
    /\ pc[t] = "use"
    /\ \E r \in M!Reads(t, "obj", Mode("Use")) :
          /\ M!Load(t, "obj", Mode("Use"), r)
          /\ seen' = [seen EXCEPT ![t] = r.val]
    /\ Goto(t, "write")
    /\ UNCHANGED <<cache, path, round, claimState, last, lastHolder>>

(* ... and writes into it *)
Write(t) ==
    /\ pc[t] = "write"
    /\ M!Store(t, "obj", Mode("Write"), Val(t, round[t] + 1))
    /\ last' = Val(t, round[t] + 1) /\ lastHolder' = t
    /\ Goto(t, "getstate")
    /\ UNCHANGED <<cache, path, round, seen, claimState>>

(* release: getClaimState() *)
GetState(t) ==
    /\ pc[t] = "getstate"
    /\ \E r \in M!Reads(t, "state", Mode("GetState")) :
          /\ M!Load(t, "state", Mode("GetState"), r)
          /\ claimState' = [claimState EXCEPT ![t] = r.val]
    /\ Goto(t, "lazyset")
    /\ UNCHANGED <<cache, path, round, seen, last, lastHolder>>

(* release: lazySet(LIVING); then the offer if the slot was CLAIMED *)
LazySet(t) ==
    /\ pc[t] = "lazyset"
    /\ M!Store(t, "state", Mode("LazySet"), LIVING)
    /\ IF claimState[t] = CLAIMED
          THEN Goto(t, "offer") /\ UNCHANGED round
          ELSE Goto(t, "claim") /\ round' = [round EXCEPT ![t] = @ + 1]
    /\ UNCHANGED <<cache, path, seen, claimState, last, lastHolder>>

(* release: live.offer(this) *)
Offer(t) ==
    /\ pc[t] = "offer"
    /\ \E r \in M!RmwReads(t, "queue", Mode("Offer")) : M!Rmw(t, "queue", Mode("Offer"), r, r.val + 1)
    /\ Goto(t, "claim") /\ round' = [round EXCEPT ![t] = @ + 1]
    /\ UNCHANGED <<cache, path, seen, claimState, last, lastHolder>>

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, cache, path, round, seen, claimState, last, lastHolder>>

Done == \A t \in Claimers : pc[t] = "claim" /\ round[t] = Rounds

Next ==
    \/ \E t \in Claimers : TlrClaim(t) \/ Poll(t) \/ ClaimCas(t) \/ Requeue(t) \/ Use(t)
                           \/ Write(t) \/ GetState(t) \/ LazySet(t) \/ Offer(t) \/ Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
Holding(t) == pc[t] \in {"use", "write", "getstate"}

TypeOK == M!MemTypeOK

\* At most one thread holds the claim (the state CASes give this in both versions).
MutualExclusion == \A t, u \in Claimers : t # u => ~(Holding(t) /\ Holding(u))

\* Pool.claim's visibility promise: what the previous holder wrote into the object
\* before its release is what the next claimer reads; one property per claim path.
TlrClaimSeesReleasedWrites ==
    \A t \in Claimers : pc[t] = "write" /\ path[t] = "tlr" => seen[t] = last
SlowClaimSeesReleasedWrites ==
    \A t \in Claimers : pc[t] = "write" /\ path[t] = "slow" => seen[t] = last

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The fast path after another thread's release: a thread holds the slot through its
\* thread-local cache, and the previous holder was another thread (the racy path).
Witness_TlrReclaimAfterOther ==
    Witness("TlrReclaimAfterOther",
        \E t \in Claimers : pc[t] = "use" /\ path[t] = "tlr" /\ lastHolder \notin {t, "none"})

\* The slow path after another thread's thread-local claim and release: a thread holds
\* the slot through the queue, and the previous holder released it from TLR_CLAIMED.
Witness_SlowClaimAfterTlrRelease ==
    Witness("SlowClaimAfterTlrRelease",
        \E t \in Claimers : pc[t] = "use" /\ path[t] = "slow" /\ lastHolder \notin {t, "none"}
                           /\ path[lastHolder] = "tlr")

\* A slow claim polls the slot while another thread holds it through the fast path,
\* its CAS fails and the slot goes back to the queue.
Witness_PolledWhileTlrClaimed ==
    Witness("PolledWhileTlrClaimed", \E t \in Claimers : pc[t] = "requeue")
=============================================================================
