-------------------------- MODULE ElementFlagMemory --------------------------
(***************************************************************************)
(* One element-flag shard (../ElementFlagShards.tla: JCTools' MpscArrayQueue *)
(* scheme, the element is the flag) with every shared-memory access made   *)
(* through the memory layer (specs/memory/Memory.tla), under x86-TSO and   *)
(* under weak hardware, in the access mode of the table JavaMode below:   *)
(* the modes the Java ElementFlagShardedBuffer is to use. The manifest's   *)
(* siblings weaken one step each, which gives the weakest mode each access *)
(* can have (docs/sharded-buffer.md has the table).                       *)
(*                                                                         *)
(* Modeled, with the SC spec's action names: producers sharing one shard  *)
(* of C slots (tail CASes race, slots are reused lap after lap), each      *)
(* offering its items in order and offering an item again after "full":   *)
(* LoadTail, LoadLimit (the producers' shared cache of a head plus C),    *)
(* LoadHead (when the limit is used up), StoreLimit, CasTail (a lost CAS   *)
(* loads the tail again), StoreElement (the store that publishes); the    *)
(* one consumer: ConsumerLoadElement (null, in poll: ConsumerLoadTail,     *)
(* then the element again: the spin on a claimed slot, or with one shard   *)
(* the empty shard's next visit; null, in drain: the next shard's element, *)
(* here the same one, with no tail load between: cpc "next"),             *)
(* ConsumerClear (null), ConsumerAdvance (head + 1).                      *)
(* Two steps of user code besides, as the element is an object the user   *)
(* fills before offer and reads after poll: WriteField (the producer's     *)
(* plain store of the element's field, before its offer) and ReadField    *)
(* (the consumer's plain load of the field of the element it took, after  *)
(* its poll). Without them the element would publish nothing but itself,  *)
(* and no property could tell a release store of it from an opaque one.   *)
(* Abstracted away: other shards (no access touches two), the round-robin *)
(* and the batch (ElementFlagShardsTwoShards checks them under SC), and    *)
(* liveness (the layer is for safety: a stale read may repeat forever).   *)
(* The consumer's head is its own: it reads back what it stored, so the    *)
(* model keeps it as the local h; ConsumerAdvance stores it, with the      *)
(* Java's mode, for the producers' LoadHead. An item lost to a misplaced   *)
(* store is not a deadlock here (the consumer spins on its slot): the      *)
(* properties NoAcceptedItemLost and NoSlotOverwrite catch it as safety.   *)
(*                                                                         *)
(* What "full" promises (OfferFailsOnlyWhenFull, OfferFailsOnlyWhenFull-   *)
(* AsSeen below). With "told" in ExtraLocs the harness adds the user code  *)
(* of that promise: after each take the consumer tells the producers how   *)
(* many items it has taken, by a volatile store to "told" (ConsumerTell),  *)
(* and a producer may load it (volatile) before an offer (ProducerHear):   *)
(* the take then happens before the offer. Without it, a take reaches a    *)
(* producer's view only through the buffer's own locations.               *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    P,          \* producers 1..P, all on this shard
    C,          \* slots (a power of two)
    Items,      \* items each producer offers, but the last
    LastItems,  \* items the last producer offers (fewer keeps a CI model small)
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, a group of Groups, "none", or "all"
    WeakMode,   \* the mode it gets
    ExtraLocs   \* locations of the harness, not of the buffer ("told": the telling below)

ASSUME P \in Nat \ {0} /\ C \in {1, 2, 4} /\ Items \in Nat \ {0} /\ LastItems \in 1 .. Items

\* The access mode of each step, as the Java is to use it (JCTools' MpscArrayQueue: the same, but the
\* limit's load is volatile). The siblings weaken one step each ("wait": the note at the end).
JavaMode == [
    LoadTail            |-> "volatile",   \* TAIL.getVolatile (lvProducerIndex; wait: offer's retry; plain is accepted, for safety only)
    LoadLimit           |-> "acquire",    \* LIMIT.getAcquire (lvProducerLimit; wait: offer's retry)
    LoadHead            |-> "acquire",    \* HEAD.getAcquire (lvConsumerIndex; wait: offer's retry)
    StoreLimit          |-> "release",    \* LIMIT.setRelease (soProducerLimit)
    CasTail             |-> "volatile",   \* TAIL.compareAndSet (casProducerIndex)
    StoreElement        |-> "release",    \* ELEMENT.setRelease (soRefElement)
    ConsumerLoadElement |-> "acquire",    \* ELEMENT.getAcquire (lvRefElement; wait: take)
    ConsumerLoadTail    |-> "volatile",   \* TAIL.getVolatile (lvTail, in the step consumerLoadTail; JCTools: lvProducerIndex; wait: take): PollNullOnlyWhenEmpty
    ConsumerClear       |-> "plain",      \* ELEMENT.set(null) (spRefElement)
    ConsumerAdvance     |-> "release",    \* HEAD.setRelease (soConsumerIndex)
    WriteField          |-> "plain",      \* the user's store into its element, before offer
    ReadField           |-> "plain"       \* the user's load from the element poll returned
]

\* Steps a "what it would cost" sibling gives one mode (WeakStep names the group, WeakMode "volatile"):
\* the full check's two accesses, the consumer's store of head and the producer's load of it, together
\* and each alone. Not steps: make modes never reads them as advice.
Groups == [FullCheck |-> {"ConsumerAdvance", "LoadHead"},
           FullCheckStore |-> {"ConsumerAdvance"},
           FullCheckLoad |-> {"LoadHead"}]

ASSUME WeakStep \in DOMAIN JavaMode \cup DOMAIN Groups \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" \/ (WeakStep \in DOMAIN Groups /\ step \in Groups[WeakStep])
              THEN WeakMode ELSE JavaMode[step]

Told == "told" \in ExtraLocs         \* the harness tells (the header)

Producers == 1 .. P
Consumer == 0
None == 0                               \* null: an empty slot, a field not yet written
NotRead == -1                           \* fld before the user reads the field
Item(p, k) == 10 * p + k                \* producer p's k-th element, k >= 1
ItemsOf(p) == IF p = P THEN LastItems ELSE Items
Total == (P - 1) * Items + LastItems   \* items offered in all
AllItems == {Item(p, k) : p \in Producers, k \in 1 .. Items} \ {Item(P, k) : k \in LastItems + 1 .. Items}
Slots == 0 .. C - 1
ItemLoc(i) == "item" \o ToString(i)     \* slot i of the shard's array
FieldLoc(e) == "field" \o ToString(e)   \* the field of element e (its value is e)
Locs == {"tail", "head", "limit"} \cup {ItemLoc(i) : i \in Slots} \cup {FieldLoc(e) : e \in AllItems} \cup ExtraLocs
InitVal == [x \in Locs |-> IF x = "limit" THEN C ELSE 0]   \* JCTools starts the limit at the capacity

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per producer: its next step ("full": its last offer returned false)
    t,          \* per producer: the tail it loaded (a local)
    lh,         \* per producer: the head it loaded, until it stores the limit (a local)
    sent,       \* per producer: items accepted so far (offer returned true)
    cpc,        \* the consumer's next step
    h,          \* the consumer's head (its own)
    got,        \* the element the consumer took last (a local)
    fld,        \* the field the consumer's user read from it (NotRead until read)
    placed,     \* history: the element each claimed index received, index -> element
    received    \* history: the elements the consumer took, in order

vars == <<mem, buf, msgs, cur, scv, pc, t, lh, sent, cpc, h, got, fld, placed, received>>
memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, t, lh, sent, placed>>
consumerVars == <<cpc, h, got, fld, received>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- InitVal

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "write"]
    /\ t = [p \in Producers |-> 0]
    /\ lh = [p \in Producers |-> 0]
    /\ sent = [p \in Producers |-> 0]
    /\ cpc = "elem" /\ h = 0 /\ got = None /\ fld = NotRead
    /\ placed = <<>>
    /\ received = <<>>

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
Next1(p) == Item(p, sent[p] + 1)        \* the element p offers now

(* the user fills its next element (one field) before offering it *)
WriteField(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, FieldLoc(Next1(p)), Mode("WriteField"), Next1(p))
    /\ Goto(p, "tail")
    /\ UNCHANGED <<t, lh, sent, placed>> /\ UNCHANGED consumerVars

(* offer: t = tail (after an offer returned false, the producer offers again) *)
LoadTail(p) ==
    /\ pc[p] \in {"tail", "full"}
    /\ \E r \in M!Reads(p, "tail", Mode("LoadTail")) :
          M!Load(p, "tail", Mode("LoadTail"), r) /\ t' = [t EXCEPT ![p] = r.val]
    /\ Goto(p, "limit")
    /\ UNCHANGED <<lh, sent, placed>> /\ UNCHANGED consumerVars

(* offer: t < limit: the slot is free, no need to look at head *)
LoadLimit(p) ==
    /\ pc[p] = "limit"
    /\ \E r \in M!Reads(p, "limit", Mode("LoadLimit")) :
          M!Load(p, "limit", Mode("LoadLimit"), r) /\ Goto(p, IF t[p] < r.val THEN "cas" ELSE "head")
    /\ UNCHANGED <<t, lh, sent, placed>> /\ UNCHANGED consumerVars

(* offer: hd = head: t >= hd + C, the shard is full (offer returns false) *)
LoadHead(p) ==
    /\ pc[p] = "head"
    /\ \E r \in M!Reads(p, "head", Mode("LoadHead")) :
          /\ M!Load(p, "head", Mode("LoadHead"), r)
          /\ IF t[p] >= r.val + C
                THEN Goto(p, "full") /\ UNCHANGED lh
                ELSE Goto(p, "storelimit") /\ lh' = [lh EXCEPT ![p] = r.val]
    /\ UNCHANGED <<t, sent, placed>> /\ UNCHANGED consumerVars

(* offer: limit = hd + C, for the next offers of the shard's producers *)
StoreLimit(p) ==
    /\ pc[p] = "storelimit"
    /\ M!Store(p, "limit", Mode("StoreLimit"), lh[p] + C)
    /\ lh' = [lh EXCEPT ![p] = 0]
    /\ Goto(p, "cas")
    /\ UNCHANGED <<t, sent, placed>> /\ UNCHANGED consumerVars

(* offer: CAS(tail, t, t + 1); lost: load the tail again *)
CasTail(p) ==
    /\ pc[p] = "cas"
    /\ \/ M!CasOk(p, "tail", Mode("CasTail"), t[p], t[p] + 1) /\ Goto(p, "store")
       \/ M!CasFails(p, "tail", Mode("CasTail"), t[p]) /\ Goto(p, "tail")
    /\ UNCHANGED <<t, lh, sent, placed>> /\ UNCHANGED consumerVars

(* offer: slot t % C = e, the store that publishes it; offer returns true *)
StoreElement(p) ==
    /\ pc[p] = "store"
    /\ M!Store(p, ItemLoc(t[p] % C), Mode("StoreElement"), Next1(p))
    /\ placed' = placed @@ (t[p] :> Next1(p))
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ t' = [t EXCEPT ![p] = 0]
    /\ Goto(p, IF sent[p] + 1 = ItemsOf(p) THEN "done" ELSE "write")
    /\ UNCHANGED lh /\ UNCHANGED consumerVars

(* poll and drain: e = slot h % C; non-null: taken. Null: poll loads the   *)
(* tail next; drain moves on to the next shard (here the same one) without *)
(* it ("next"). The consumer stops once it took every element (the model's *)
(* end, not a step of the Java).                                           *)
ConsumerLoadElement ==
    /\ cpc \in {"elem", "next"} /\ h < Total
    /\ \E r \in M!Reads(Consumer, ItemLoc(h % C), Mode("ConsumerLoadElement")) :
          /\ M!Load(Consumer, ItemLoc(h % C), Mode("ConsumerLoadElement"), r)
          /\ IF r.val # None
                THEN /\ got' = r.val /\ fld' = NotRead
                     /\ received' = Append(received, r.val)
                     /\ cpc' = "clear"
                ELSE UNCHANGED <<got, fld, received>> /\ cpc' \in {"ctail", "next"}
    /\ UNCHANGED h /\ UNCHANGED producerVars

(* poll, null element: h = tail, the shard is empty (on to the next shard, *)
(* here the same one); else a producer claimed slot h and has not stored:  *)
(* load the element again. With one shard both go back to the element.    *)
ConsumerLoadTail ==
    /\ cpc = "ctail"
    /\ \E r \in M!Reads(Consumer, "tail", Mode("ConsumerLoadTail")) :
          M!Load(Consumer, "tail", Mode("ConsumerLoadTail"), r)
    /\ cpc' = "elem"
    /\ UNCHANGED <<h, got, fld, received>> /\ UNCHANGED producerVars

(* poll: slot h % C = null *)
ConsumerClear ==
    /\ cpc = "clear"
    /\ M!Store(Consumer, ItemLoc(h % C), Mode("ConsumerClear"), None)
    /\ cpc' = "advance"
    /\ UNCHANGED <<h, got, fld, received>> /\ UNCHANGED producerVars

(* poll: head = h + 1, which frees the slot for the next lap; poll returns e *)
ConsumerAdvance ==
    /\ cpc = "advance"
    /\ M!Store(Consumer, "head", Mode("ConsumerAdvance"), h + 1)
    /\ h' = h + 1 /\ cpc' = "field"
    /\ UNCHANGED <<got, fld, received>> /\ UNCHANGED producerVars

(* the user reads the field of the element poll returned *)
ReadField ==
    /\ cpc = "field"
    /\ \E r \in M!Reads(Consumer, FieldLoc(got), Mode("ReadField")) :
          M!Load(Consumer, FieldLoc(got), Mode("ReadField"), r) /\ fld' = r.val
    /\ cpc' = IF Told THEN "tell" ELSE "elem"
    /\ UNCHANGED <<h, got, received>> /\ UNCHANGED producerVars

(* The harness's telling (the header): user code. *)

(* after poll returned and its field was read: told = the number of items taken, a volatile store *)
ConsumerTell ==
    /\ cpc = "tell"
    /\ M!Store(Consumer, "told", "volatile", h)
    /\ cpc' = "elem"
    /\ UNCHANGED <<h, got, fld, received>> /\ UNCHANGED producerVars

(* before an offer, if it likes: a volatile load of told *)
ProducerHear(p) ==
    /\ Told /\ pc[p] \in {"tail", "full"}
    /\ \E r \in M!Reads(p, "told", "volatile") : M!Load(p, "told", "volatile", r)
    /\ UNCHANGED producerVars /\ UNCHANGED consumerVars

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, t, lh, sent, placed>> /\ UNCHANGED consumerVars

Done == (\A p \in Producers : pc[p] = "done") /\ h = Total /\ cpc = "elem" /\ M!Quiescent

Producer(p) ==
    \/ WriteField(p) \/ LoadTail(p) \/ LoadLimit(p) \/ LoadHead(p) \/ StoreLimit(p)
    \/ CasTail(p) \/ StoreElement(p) \/ ProducerHear(p)

Next ==
    \/ \E p \in Producers : Producer(p)
    \/ ConsumerLoadElement \/ ConsumerLoadTail \/ ConsumerClear \/ ConsumerAdvance \/ ReadField
    \/ ConsumerTell
    \/ \E x \in Producers \cup {Consumer} : Flush(x)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

Range(s) == {s[i] : i \in DOMAIN s}

\* The consumer takes each slot's element as its producer stored it (never the element of
\* another lap), and its user reads the field the producer wrote (never the unwritten field).
NoStaleRead ==
    /\ cpc \in {"clear", "advance"} => h \in DOMAIN placed /\ got = placed[h]
    /\ cpc = "field" => (h - 1) \in DOMAIN placed /\ got = placed[h - 1]
    /\ fld # NotRead => fld = got

\* Two producers never claim one index (the tail CAS).
ClaimsUnique == \A p, q \in Producers : (p # q /\ pc[p] = "store" /\ pc[q] = "store") => t[p] # t[q]

\* Nothing is delivered twice, and each producer's elements arrive in the order it offered them.
NoDuplicates == \A i, j \in DOMAIN received : i # j => received[i] # received[j]
PerProducerFIFO ==
    \A i, j \in DOMAIN received :
        (i < j /\ received[i] \div 10 = received[j] \div 10) => received[i] < received[j]

\* No slot is overwritten before it is consumed, nor cleared twice: in each slot's modification
\* order, an element follows only a null and a null only an element (weak: the layer keeps every
\* write of a location; under x86-TSO memory keeps one value, and NoAcceptedItemLost checks it).
NoSlotOverwrite ==
    \A i \in Slots :
        LET hs == M!History(ItemLoc(i))
        IN  \A j \in 1 .. Len(hs) - 1 : (hs[j] = None) # (hs[j + 1] = None)

\* Every accepted element not yet taken is where the consumer will load it: the newest value of
\* its slot (once no store is on its way, under x86-TSO). A misplaced store would make the
\* consumer spin on its slot for ever: an element accepted and never delivered.
NoAcceptedItemLost ==
    M!Quiescent =>
        \A i \in DOMAIN placed :
            (i > h \/ (i = h /\ cpc # "advance")) => M!Final(ItemLoc(i % C)) = placed[i]

\* poll's null proves the shard empty (its Javadoc: "a null from poll means every shard it
\* visited was empty at that moment"): a poll's tail load that finds the tail at the consumer's
\* head, after a null element, finds no claim beyond it, whatever value the load's mode lets it
\* read: the newest tail is the head. A stale read of an older tail would make poll return null
\* while a producer's claim (its tail CAS) is already in the tail's modification order. An
\* action property over what the load may read in the state it starts from, so that it adds no
\* variable: a step reading each such value exists from that state.
PollNullOnlyWhenEmpty ==
    [][(cpc = "ctail" /\ cpc' = "elem") =>
           \A r \in M!Reads(Consumer, "tail", Mode("ConsumerLoadTail")) : r.val = h => M!Final("tail") = h]_vars

\* No limit ever stored lets a producer past the slots the consumer has freed.
LimitValues ==
    Range(M!History("limit"))
    \cup UNION {{buf[u][j][2] : j \in {j \in DOMAIN buf[u] : buf[u][j][1] = "limit"}} : u \in Producers}
LimitNeverAhead == \A v \in LimitValues : v <= h + C

\* What an offer's false promises. An offer returns false (pc becomes "full") when the limit is used
\* up and its load of head finds t >= head + C: the consumer has not taken the item of index t - C,
\* as far as that load saw. Two readings, each an action property on the step that returns false.
\*
\* In the interleaving's order, the design spec's OfferFailsOnlyWhenFull read on head's memory: the
\* newest head (its modification order's last; on x86-TSO, memory's) is at most t - C. It holds on
\* x86-TSO; on weak hardware the producer's acquire load may read an older head than the consumer's
\* release store (a documented relaxation: EfsMemOfferFullWeak); with both volatile (one total
\* order of the two) it holds (EfsMemOfferFullVolatile), with either alone it does not.
OfferFailsOnlyWhenFull ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => t[p] >= M!Final("head") + C]_vars

\* The items taken as thread p has seen them: head (the count of polls returned) in the newest store
\* of it that happens before p's next step. On weak hardware, the layer's hb view of p; on x86-TSO,
\* which keeps no views, memory's head: whatever happens before p is in memory (a store still in the
\* consumer's buffer cannot have been read by p, nor any later one of the consumer's), so this is at
\* least what p has seen.
TakenAsSeen(p) == IF Strength = "tso" THEN M!Final("head") ELSE msgs["head"][cur[p].hb["head"]].val

\* The promise on weak hardware: an offer returns false only if its shard is full as its thread has
\* seen it: t (the claims it loaded) is at least C past every take that happens before the step that
\* decides (a poll that returned and then told this thread, through a volatile, a lock or the buffer
\* itself), the decision's own load included (the primed views). A take racing the call may be
\* unseen. A fresh load of head, in any mode, reads no write older than one that happens before it
\* (and only the consumer writes head, in order), so only a decision from a value not loaded then
\* can fail it: the broken sibling EfsMemFullFromLimit, a producer that takes the used-up limit for
\* fullness without loading head. Checked with the telling harness
\* (ElementFlagMemoryTell.cfg): without it no take happens before a refusal but through head.
OfferFailsOnlyWhenFullAsSeen ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => t[p] >= TakenAsSeen(p)' + C]_vars

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
