---------------------------- MODULE JctMpscArray ----------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): JCTools 4.0.5's               *)
(* org.jctools.queues.MpscArrayQueue, offer and the single consumer's      *)
(* poll. Written from a reading of the 4.0.5 sources jar (Maven Central,   *)
(* org.jctools:jctools-core:4.0.5:sources) and of its class files (javap); *)
(* no code of it is copied here. Every shared access goes through          *)
(* specs/memory/Memory.tla with the mode the 4.0.5 code uses: the table    *)
(* JavaMode. The queue's fields live in its padded superclasses            *)
(* (MpscArrayQueueProducerIndexField, ...ProducerLimitField,               *)
(* ...ConsumerIndexField); the slots are reached through                   *)
(* UnsafeRefArrayAccess, all of it over sun.misc.Unsafe (UnsafeAccess):    *)
(* a volatile field read and getObjectVolatile are volatile loads,         *)
(* getLong a plain load, putOrderedLong and putOrderedObject release       *)
(* stores, putObject a plain store, compareAndSwapLong a volatile CAS.     *)
(*                                                                         *)
(* Modelled, per producer (MpscArrayQueue.offer, called by the user until  *)
(* it returns true, once per element of the producer, in order; before it  *)
(* the user fills the element's object, WriteObj, a plain store):          *)
(*  - LoadLimit: producerLimit = lvProducerLimit() (the volatile field);   *)
(*  - LoadPIndex: pIndex = lvProducerIndex(); if pIndex >= producerLimit,  *)
(*    LoadCIndex: lvConsumerIndex(), producerLimit = cIndex + capacity;    *)
(*    still pIndex >= producerLimit: offer returns false (the user calls   *)
(*    it again: back to LoadLimit); else StoreLimit: soProducerLimit;      *)
(*  - CasPIndex: casProducerIndex(pIndex, pIndex + 1); on failure back to  *)
(*    LoadPIndex with the local producerLimit (the do-while loop);         *)
(*  - StoreElement: soRefElement of the slot pIndex & mask.                *)
(* The consumer (MpscArrayQueue.poll, called until every element came):    *)
(*  - LoadOwnCIndex: lpConsumerIndex() (Unsafe.getLong: plain);            *)
(*  - LoadElement: lvRefElement of the slot; if null, LoadPIndexPoll:      *)
(*    lvProducerIndex(); equal to cIndex: poll returns null (the user      *)
(*    polls again); else SpinElement: lvRefElement until not null;         *)
(*  - ClearSlot: spRefElement(slot, null); StoreCIndex: soConsumerIndex;   *)
(*    then the user reads the returned element's object (ReadObj, plain).  *)
(*                                                                         *)
(* The poll contract (PollNullOnlyWhenEmpty, an action property): poll     *)
(* returns null only when no element was offered and not yet taken.        *)
(* MessagePassingQueue.poll's javadoc (4.0.5, MessagePassingQueue.java     *)
(* line 118) says null iff empty, and Queue.poll's says null if the queue  *)
(* is empty. "Offered" is the producer's claim, the successful             *)
(* casProducerIndex (CasPIndex: the history claimed), not the element's    *)
(* store: poll's own comment (MpscArrayQueue.java lines 389 to 391) counts *)
(* a producer that won the CAS and has not yet stored as making the queue  *)
(* not empty, and poll spins (lines 393 to 399) to keep the promise for    *)
(* it; offer returning true is a point after the claim. "Taken" is a poll  *)
(* that returned the element (ClearSlot: recv). The property is read at    *)
(* the step that returns null, LoadPIndexPoll: the strongest reading (a    *)
(* linearizable poll needs the queue empty at some instant of the call,    *)
(* and since only this consumer takes, an empty queue at the return means  *)
(* it was empty all through the call). The Java's volatile load holds it;  *)
(* a weaker one may read an older producer index than the newest claim.    *)
(* JctMpscArray.cfg: capacity 2, 3 elements; JctMpscArrayLimit.cfg:        *)
(* capacity 1, where a claim may rely on the limit another producer        *)
(* refreshed and stored.                                                   *)
(*                                                                         *)
(* The offer contract (OfferFailsOnlyWhenFull, OfferFailsOnlyWhenFull-     *)
(* AsSeen, action properties on the step where offer returns false):       *)
(* MessagePassingQueue.offer's javadoc (line 110) says false iff full.     *)
(* Read in the interleaving's order, the newest consumer index leaves no   *)
(* slot for the index the offer read; read as the producer has seen it,    *)
(* every poll whose soConsumerIndex happens before the decision counted.   *)
(* With "told" in ExtraLocs the harness adds the user code that makes a    *)
(* poll happen before an offer: after each poll the consumer stores the    *)
(* count of polls in "told" (volatile, ConsumerTell), and a producer may   *)
(* load it (volatile) before an offer (ProducerHear). Without it a poll    *)
(* reaches a producer's view only through the queue's own locations.       *)
(* Configs: the first reading in JctMpscArrayOfferFull.cfg and             *)
(* JctMpscArrayLimitOfferFull.cfg; the second, with the harness, in        *)
(* JctMpscArrayTell.cfg and JctMpscArrayLimitTell.cfg.                     *)
(*                                                                         *)
(* Abstracted away: the final fields mask and buffer (written in the       *)
(* constructor before the queue is shared: plain reads of values that      *)
(* happen before every thread's first step); the user's retry loops (a     *)
(* refused offer is called again, a null poll too); an element is an      *)
(* integer, null is 0, its object one location; the spin (SpinElement is   *)
(* enabled for every value it may read, a null one leaves it spinning);   *)
(* the other methods (offerIfBelowThreshold, failFastOffer, relaxed*,     *)
(* peek, drain, fill, size); overflow of the long indices; liveness. Load  *)
(* buffering is not in the layer (Memory.tla's header).                   *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* the Java's modes; "all" gives every step the mode WeakMode.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    Capacity,      \* the queue's capacity (mask + 1), a power of two
    Elements,      \* 3: p1 offers 1, 2 and p2 offers 3; 4: p2 offers 3, 4 too (no config uses 4)
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none"
    WeakMode,      \* the mode it gets
    ExtraLocs      \* locations of the harness, not of the queue: {} or {"told"} (the header)

ASSUME Capacity \in {1, 2, 4} /\ Elements \in {3, 4} /\ ExtraLocs \subseteq {"told"}

\* The access mode of each step in JCTools 4.0.5.
JavaMode == [
    LoadLimit     |-> "volatile",  \* MpscArrayQueue.offer: lvProducerLimit (volatile field producerLimit)
    LoadPIndex    |-> "volatile",  \* MpscArrayQueue.offer: lvProducerIndex (volatile field producerIndex)
    LoadCIndex    |-> "volatile",  \* MpscArrayQueue.offer: lvConsumerIndex (volatile field consumerIndex)
    StoreLimit    |-> "release",   \* MpscArrayQueue.offer: soProducerLimit (Unsafe.putOrderedLong)
    CasPIndex     |-> "volatile",  \* MpscArrayQueue.offer: casProducerIndex (Unsafe.compareAndSwapLong)
    StoreElement  |-> "release",   \* MpscArrayQueue.offer: soRefElement (Unsafe.putOrderedObject)
    LoadOwnCIndex |-> "plain",     \* MpscArrayQueue.poll: lpConsumerIndex (Unsafe.getLong)
    LoadElement   |-> "volatile",  \* MpscArrayQueue.poll: lvRefElement (Unsafe.getObjectVolatile)
    LoadPIndexPoll|-> "volatile",  \* MpscArrayQueue.poll: lvProducerIndex (volatile field producerIndex)
    SpinElement   |-> "volatile",  \* MpscArrayQueue.poll: lvRefElement in the spin (Unsafe.getObjectVolatile)
    ClearSlot     |-> "plain",     \* MpscArrayQueue.poll: spRefElement(null) (Unsafe.putObject)
    StoreCIndex   |-> "release",   \* MpscArrayQueue.poll: soConsumerIndex (Unsafe.putOrderedLong)
    WriteObj      |-> "plain",     \* user code: the producer fills the element's object before offer
    ReadObj       |-> "plain"      \* user code: the consumer reads the object poll returned
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

\* Two producers: p1 offers the elements 1 then 2, p2 the element 3 (and 4): 3 elements
\* on a queue of 2, so the third claim reuses slot 0. Null is 0. The element is a
\* reference to an object the user filled before offer: ObjLoc(e), whose plain store
\* (WriteObj) and load after poll (ReadObj) are user code, published by the slot.
Producers == {"p1", "p2"}
Items == ("p1" :> <<1, 2>>) @@ ("p2" :> IF Elements = 3 THEN <<3>> ELSE <<3, 4>>)
N == Elements
Consumer == "consumer"
Null == 0
SlotLoc(i) == "slot" \o ToString(i % Capacity)
ObjLoc(e) == "obj" \o ToString(e)
Locs == {"pIndex", "pLimit", "cIndex"} \cup {SlotLoc(i) : i \in 0 .. Capacity - 1}
                                      \cup {ObjLoc(e) : e \in 1 .. N} \cup ExtraLocs
Told == "told" \in ExtraLocs          \* the harness tells (the header)
InitVal == [x \in Locs |-> IF x = "pLimit" THEN Capacity ELSE 0]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per producer: its next step
    k,          \* per producer: how many of its elements were offered successfully
    lim,        \* per producer: its local producerLimit
    pi,         \* per producer: its local pIndex
    cpc,        \* the consumer's next step
    ci,         \* the consumer's local cIndex
    ce,         \* the element the consumer read
    recv,       \* history: the elements poll returned, in order
    seen,       \* history: what the consumer read in each returned element's object
    claimed,    \* history: claimed[i + 1] is the element whose CAS claimed index i
    polled,     \* history: how many polls completed (StoreCIndex done)
    refusal     \* history: per producer, <<pIndex, cIndex, polls completed>> of its last
                \* refused offer, or <<>>

memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, k, lim, pi, refusal>>
consumerVars == <<cpc, ci, ce, recv, seen, polled>>
vars == <<mem, buf, msgs, cur, scv, pc, k, lim, pi, cpc, ci, ce, recv, seen, claimed, polled, refusal>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- InitVal

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "write"]
    /\ k = [p \in Producers |-> 0]
    /\ lim = [p \in Producers |-> 0]
    /\ pi = [p \in Producers |-> 0]
    /\ cpc = "own" /\ ci = 0 /\ ce = Null
    /\ recv = <<>> /\ seen = <<>> /\ claimed = <<>> /\ polled = 0
    /\ refusal = [p \in Producers |-> <<>>]

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
Elem(p) == Items[p][k[p] + 1]

(* user code: the producer fills its next element's object, then offers it *)
WriteObj(p) ==
    /\ pc[p] = "write" /\ k[p] < Len(Items[p])
    /\ M!Store(p, ObjLoc(Elem(p)), Mode("WriteObj"), Elem(p))
    /\ Goto(p, "limit")
    /\ UNCHANGED <<k, lim, pi, claimed, refusal>> /\ UNCHANGED consumerVars

(* offer: producerLimit = lvProducerLimit() *)
LoadLimit(p) ==
    /\ pc[p] = "limit"
    /\ \E r \in M!Reads(p, "pLimit", Mode("LoadLimit")) :
          /\ M!Load(p, "pLimit", Mode("LoadLimit"), r)
          /\ lim' = [lim EXCEPT ![p] = r.val]
    /\ Goto(p, "pindex")
    /\ UNCHANGED <<k, pi, claimed, refusal>> /\ UNCHANGED consumerVars

(* do { pIndex = lvProducerIndex(); if (pIndex >= producerLimit) ... } *)
LoadPIndex(p) ==
    /\ pc[p] = "pindex"
    /\ \E r \in M!Reads(p, "pIndex", Mode("LoadPIndex")) :
          /\ M!Load(p, "pIndex", Mode("LoadPIndex"), r)
          /\ pi' = [pi EXCEPT ![p] = r.val]
          /\ Goto(p, IF r.val >= lim[p] THEN "cindex" ELSE "cas")
    /\ UNCHANGED <<k, lim, claimed, refusal>> /\ UNCHANGED consumerVars

(* cIndex = lvConsumerIndex(); producerLimit = cIndex + capacity; still    *)
(* pIndex >= producerLimit: return false (refused; the user offers again) *)
LoadCIndex(p) ==
    /\ pc[p] = "cindex"
    /\ \E r \in M!Reads(p, "cIndex", Mode("LoadCIndex")) :
          /\ M!Load(p, "cIndex", Mode("LoadCIndex"), r)
          /\ IF pi[p] >= r.val + Capacity
                THEN /\ Goto(p, "limit")      \* the locals die with the call
                     /\ lim' = [lim EXCEPT ![p] = 0] /\ pi' = [pi EXCEPT ![p] = 0]
                     /\ refusal' = [refusal EXCEPT ![p] = <<pi[p], r.val, polled>>]
                ELSE /\ Goto(p, "setlimit")
                     /\ lim' = [lim EXCEPT ![p] = r.val + Capacity]
                     /\ UNCHANGED <<pi, refusal>>
    /\ UNCHANGED <<k, claimed>> /\ UNCHANGED consumerVars

(* soProducerLimit(producerLimit) *)
StoreLimit(p) ==
    /\ pc[p] = "setlimit"
    /\ M!Store(p, "pLimit", Mode("StoreLimit"), lim[p])
    /\ Goto(p, "cas")
    /\ UNCHANGED <<k, lim, pi, claimed, refusal>> /\ UNCHANGED consumerVars

(* while (!casProducerIndex(pIndex, pIndex + 1)) *)
CasPIndex(p) ==
    /\ pc[p] = "cas"
    /\ \/ /\ M!CasOk(p, "pIndex", Mode("CasPIndex"), pi[p], pi[p] + 1)
          /\ claimed' = Append(claimed, Elem(p))
          /\ Goto(p, "store")
       \/ /\ M!CasFails(p, "pIndex", Mode("CasPIndex"), pi[p])
          /\ Goto(p, "pindex")
          /\ UNCHANGED claimed
    /\ UNCHANGED <<k, lim, pi, refusal>> /\ UNCHANGED consumerVars

(* soRefElement(buffer, offset(pIndex), e); return true *)
StoreElement(p) ==
    /\ pc[p] = "store"
    /\ M!Store(p, SlotLoc(pi[p]), Mode("StoreElement"), Elem(p))
    /\ k' = [k EXCEPT ![p] = @ + 1]
    /\ Goto(p, "write")
    /\ lim' = [lim EXCEPT ![p] = 0] /\ pi' = [pi EXCEPT ![p] = 0]
    /\ UNCHANGED <<claimed, refusal>> /\ UNCHANGED consumerVars

(* poll: cIndex = lpConsumerIndex() *)
LoadOwnCIndex ==
    /\ cpc = "own" /\ Len(recv) < N
    /\ \E r \in M!Reads(Consumer, "cIndex", Mode("LoadOwnCIndex")) :
          /\ M!Load(Consumer, "cIndex", Mode("LoadOwnCIndex"), r)
          /\ ci' = r.val
    /\ cpc' = "elem"
    /\ UNCHANGED <<ce, recv, seen, polled, claimed>> /\ UNCHANGED producerVars

(* e = lvRefElement(buffer, offset(cIndex)) *)
LoadElement ==
    /\ cpc = "elem"
    /\ \E r \in M!Reads(Consumer, SlotLoc(ci), Mode("LoadElement")) :
          /\ M!Load(Consumer, SlotLoc(ci), Mode("LoadElement"), r)
          /\ ce' = r.val
          /\ cpc' = IF r.val = Null THEN "ppoll" ELSE "clear"
    /\ UNCHANGED <<ci, recv, seen, polled, claimed>> /\ UNCHANGED producerVars

(* e == null: cIndex != lvProducerIndex() ? spin : return null *)
LoadPIndexPoll ==
    /\ cpc = "ppoll"
    /\ \E r \in M!Reads(Consumer, "pIndex", Mode("LoadPIndexPoll")) :
          /\ M!Load(Consumer, "pIndex", Mode("LoadPIndexPoll"), r)
          /\ IF r.val # ci THEN cpc' = "spin" /\ ci' = ci
                            ELSE cpc' = "own" /\ ci' = 0   \* poll returns null
    /\ UNCHANGED <<ce, recv, seen, polled, claimed>> /\ UNCHANGED producerVars

(* do { e = lvRefElement(buffer, offset) } while (e == null) *)
SpinElement ==
    /\ cpc = "spin"
    /\ \E r \in M!Reads(Consumer, SlotLoc(ci), Mode("SpinElement")) :
          /\ M!Load(Consumer, SlotLoc(ci), Mode("SpinElement"), r)
          /\ ce' = r.val
          /\ cpc' = IF r.val = Null THEN "spin" ELSE "clear"
    /\ UNCHANGED <<ci, recv, seen, polled, claimed>> /\ UNCHANGED producerVars

(* spRefElement(buffer, offset, null); poll returns e *)
ClearSlot ==
    /\ cpc = "clear"
    /\ M!Store(Consumer, SlotLoc(ci), Mode("ClearSlot"), Null)
    /\ recv' = Append(recv, ce)
    /\ cpc' = "setc"
    /\ UNCHANGED <<ci, ce, seen, polled, claimed>> /\ UNCHANGED producerVars

(* soConsumerIndex(cIndex + 1) *)
StoreCIndex ==
    /\ cpc = "setc"
    /\ M!Store(Consumer, "cIndex", Mode("StoreCIndex"), ci + 1)
    /\ polled' = polled + 1
    /\ cpc' = IF Told THEN "tell" ELSE "obj"
    /\ ci' = 0 /\ ce' = Null   \* the locals die with the call
    /\ UNCHANGED <<recv, seen, claimed>> /\ UNCHANGED producerVars

(* user code: the consumer reads the object of the element poll returned *)
ReadObj ==
    /\ cpc = "obj"
    /\ \E r \in M!Reads(Consumer, ObjLoc(recv[Len(recv)]), Mode("ReadObj")) :
          /\ M!Load(Consumer, ObjLoc(recv[Len(recv)]), Mode("ReadObj"), r)
          /\ seen' = Append(seen, r.val)
    /\ cpc' = "own"
    /\ UNCHANGED <<ci, ce, recv, polled, claimed>> /\ UNCHANGED producerVars

(* The harness's telling (the header): user code. *)

(* after poll returned: told = the number of polls completed, a volatile store *)
ConsumerTell ==
    /\ cpc = "tell"
    /\ M!Store(Consumer, "told", "volatile", polled)
    /\ cpc' = "obj"
    /\ UNCHANGED <<ci, ce, recv, seen, polled, claimed>> /\ UNCHANGED producerVars

(* before an offer (the first call, or again after false), if it likes: a volatile load of told *)
ProducerHear(p) ==
    /\ Told /\ pc[p] = "limit"
    /\ \E r \in M!Reads(p, "told", "volatile") : M!Load(p, "told", "volatile", r)
    /\ UNCHANGED <<pc, k, lim, pi, claimed, refusal>> /\ UNCHANGED consumerVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, k, lim, pi, cpc, ci, ce, recv, seen, claimed, polled, refusal>>

Done == /\ \A p \in Producers : k[p] = Len(Items[p]) /\ pc[p] = "write"
        /\ Len(recv) = N /\ cpc = "own" /\ M!Quiescent

Producer(p) ==
    \/ WriteObj(p) \/ LoadLimit(p) \/ LoadPIndex(p) \/ LoadCIndex(p) \/ StoreLimit(p)
    \/ CasPIndex(p) \/ StoreElement(p) \/ ProducerHear(p)

Next ==
    \/ \E p \in Producers : Producer(p)
    \/ LoadOwnCIndex \/ LoadElement \/ LoadPIndexPoll \/ SpinElement \/ ClearSlot \/ StoreCIndex
    \/ ReadObj \/ ConsumerTell
    \/ \E t \in Producers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* The consumer gets the elements in the order of the indices their offers claimed,
\* each the element claimed at that index: never a slot's previous-lap value (or null,
\* or the next lap's), no duplicate, no gap. With ExactlyOnce, every element once.
ConsumedInClaimOrder == \A i \in 1 .. Len(recv) : i <= Len(claimed) /\ recv[i] = claimed[i]

\* The consumer sees each element's object as its producer filled it (the slot's
\* store publishes it): never the object's initial 0.
ObjectPublished == \A i \in 1 .. Len(seen) : seen[i] = recv[i]

\* No element is returned twice, and poll never returns null as an element (the
\* consumer stops only once it got all N: Done).
ExactlyOnce ==
    /\ \A i, j \in 1 .. Len(recv) : i # j => recv[i] # recv[j]
    /\ \A i \in 1 .. Len(recv) : recv[i] # Null

\* Each producer's elements come out in the order it offered them.
PerProducerFifo ==
    \A p \in Producers : \A i, j \in 1 .. Len(recv) :
        \A a, b \in 1 .. Len(Items[p]) :
            recv[i] = Items[p][a] /\ recv[j] = Items[p][b] /\ a < b => i < j

\* Slot reuse: a producer stores into the slot of index i only after the consumer's
\* poll of index i - Capacity, the slot's previous lap, has completed; and (weak) in
\* each slot's modification order, every element is followed by the consumer's null
\* before another element: no element is overwritten, by the next lap's element or by
\* a null that lands after it.
NoOverwrite ==
    /\ \A p \in Producers : pc[p] = "store" => pi[p] - Capacity < polled
    /\ Strength = "weak" =>
          \A s \in 0 .. Capacity - 1 :
             LET h == M!History(SlotLoc(s)) IN
             \A i \in DOMAIN h : (i % 2 = 1) = (h[i] = Null)

\* offer returns false only when the queue is full: the indices the refusal compared
\* were real values of them during the offer: the pIndex it read had been claimed
\* (pi <= claims) and the consumer index it read had been stored by the consumer
\* (c <= polls completed), with pi - c >= Capacity: when the consumer index was c, at
\* least pi indices were claimed or about to be (JctMpscArrayWitnesses.tla,
\* RefusedAfterPoll: the consumer may have completed a later poll, not yet seen).
RefusedOnlyWhenFull ==
    \A p \in Producers : refusal[p] # <<>> =>
        LET r == refusal[p] IN r[1] <= Len(claimed) /\ r[2] <= polled /\ r[1] - r[2] >= Capacity

\* poll returns null only when no element was offered and not yet taken: at the step
\* where poll returns null (LoadPIndexPoll read the producer index equal to its own),
\* every index claimed so far (casProducerIndex succeeded: claimed) has been taken by
\* a poll that returned it (recv). An action property: it looks at the step itself.
PollNullOnlyWhenEmpty ==
    [][(cpc = "ppoll" /\ cpc' = "own") => Len(claimed) = Len(recv)]_vars

\* What offer's false promises. offer returns false when the call ends before a claim: the producer
\* is back at "limit" (the user calls again) from a step inside offer (LoadCIndex found pIndex at or
\* past cIndex + capacity), not from WriteObj, which starts a call. refusal' records the pIndex the
\* refusal compared. Two readings, each an action property on that step.
OfferReturnsFalse(p) == pc[p] \notin {"write", "limit"} /\ pc'[p] = "limit"

\* In the interleaving's order: the newest consumer index (its modification order's last; on
\* x86-TSO, memory's) leaves no slot for the index the offer read: the poll that would free it has
\* not stored its index. Holds on x86-TSO (JctMpscOfferFullTso); on weak hardware lvConsumerIndex,
\* a volatile load, may read a value older than the consumer's newest soConsumerIndex, a release
\* store outside the total order of volatile accesses (JctMpscOfferFullWeak, a documented finding);
\* with StoreCIndex volatile it holds (JctMpscOfferFullStoreCIndexVolatile, what it would cost).
OfferFailsOnlyWhenFull ==
    [][\A p \in Producers : OfferReturnsFalse(p) => refusal'[p][1] >= M!Final("cIndex") + Capacity]_vars

\* The polls completed as thread p has seen them: the consumer index in the newest store of it that
\* happens before p's next step. On weak hardware, the layer's hb view of p; on x86-TSO, which keeps
\* no views, memory's consumer index: whatever happens before p is in memory, so this is at least
\* what p has seen.
TakenAsSeen(p) == IF Strength = "tso" THEN M!Final("cIndex") ELSE msgs["cIndex"][cur[p].hb["cIndex"]].val

\* The promise on weak hardware: offer returns false only if the queue is full as its thread has
\* seen it: the pIndex it compared is at least capacity past every poll whose consumer-index store
\* happens before the step that decides (a poll that returned and then told this thread through a
\* volatile, a lock or the queue itself), the decision's own load included (the primed views). A
\* poll racing the call may be unseen. A fresh lvConsumerIndex, in any mode, never reads a store
\* older than one that happens before it, so only a decision from a value not loaded then can fail
\* it: the broken sibling JctMpscFullFromLimit, a producer that takes the cached producerLimit for
\* fullness without loading the consumer index. Checked with the telling harness
\* (JctMpscArrayTell.cfg): without it no poll happens before a refusal but through cIndex itself.
OfferFailsOnlyWhenFullAsSeen ==
    [][\A p \in Producers : OfferReturnsFalse(p) => refusal'[p][1] >= TakenAsSeen(p)' + Capacity]_vars
=============================================================================
