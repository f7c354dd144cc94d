---------------------------- MODULE ShardMemory ----------------------------
(***************************************************************************)
(* One shard of the sharded buffer (ShardedBuffer.tla) with every shared-  *)
(* memory access made through the memory layer (specs/memory/Memory.tla), *)
(* in the access mode io.github.uncontended.sharded.Shard uses: the table  *)
(* JavaMode below, which the build checks against the Java.               *)
(*                                                                         *)
(* Modeled: producers sharing one shard of C slots (so tail CASes race and *)
(* slots are reused lap after lap), each offering its items in order and   *)
(* retrying an offer that found the shard full; the one consumer taking    *)
(* items in slot order. One action per memory access of Shard: LoadTail,   *)
(* LoadSlotSeq, CasTail, WriteItem, PublishSeq; ConsumerLoadSeq,           *)
(* ConsumerReadItem, ConsumerClear, ConsumerRelease, ConsumerAdvance.      *)
(* Abstracted away: other shards (a shard's memory is its own: no access   *)
(* touches two shards), the round-robin, the failure counters (monitoring *)
(* only), and liveness (the layer is for safety; see Memory.tla). A poll   *)
(* that finds the head slot unpublished is a wait: the consumer's load is  *)
(* enabled when a value it may read lets it go on.                         *)
(* The consumer's head is its own: it reads it with a plain load of what   *)
(* it wrote itself, so the model keeps it as the local h; ConsumerAdvance  *)
(* still stores it, for sizeEstimate(), with the Java's mode.              *)
(*                                                                         *)
(* What "full" promises (OfferFailsOnlyWhenFull, OfferFailsOnlyWhenFull-   *)
(* AsSeen below). With "told" in ExtraLocs the harness adds the user code  *)
(* of that promise: after each take the consumer tells the producers how   *)
(* many items it has taken, by a volatile store to "told" (ConsumerTell),  *)
(* and a producer may load it (volatile) before an offer (ProducerHear):   *)
(* the take then happens before the offer. Without it, the only way a     *)
(* take reaches a producer's view is through the buffer's own locations.   *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    P,          \* producers 1..P, all on this shard
    C,          \* slots (a power of two, at least 2)
    Items,      \* items each producer offers
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, a group of Groups, "none", or "all"
    WeakMode,   \* the mode it gets
    ExtraLocs   \* locations of the harness, not of the buffer (a litmus test's event field; "told": the telling below)

ASSUME P \in Nat \ {0} /\ C \in {2, 4} /\ Items \in Nat \ {0}

\* The access mode of each step, as Shard uses it ("wait": the note at the end).
JavaMode == [
    LoadTail         |-> "volatile",   \* TAIL.getVolatile (wait: offer's retry; plain is accepted, for safety only)
    LoadSlotSeq      |-> "acquire",    \* SEQ.getAcquire (laSeq, producer; wait: offer's retry)
    CasTail          |-> "volatile",   \* TAIL.compareAndSet
    WriteItem        |-> "plain",      \* items[t & mask] = e
    PublishSeq       |-> "release",    \* SEQ.setRelease (soSeq, producer: t + 1)
    ConsumerLoadSeq  |-> "acquire",    \* SEQ.getAcquire (laSeq, consumer)
    ConsumerReadItem |-> "plain",      \* items[h & mask]
    ConsumerClear    |-> "plain",      \* items[h & mask] = null
    ConsumerRelease  |-> "release",    \* SEQ.setRelease (soSeq, consumer: h + C)
    ConsumerAdvance  |-> "opaque"      \* HEAD.setOpaque
]

\* Steps a "what it would cost" sibling gives one mode (WeakStep names the group, WeakMode "volatile"):
\* the full check's two accesses, the consumer's store that frees a slot and the producer's load that
\* finds it free, together and each alone. Not steps: make modes never reads them as advice.
Groups == [FullCheck |-> {"ConsumerRelease", "LoadSlotSeq"},
           FullCheckStore |-> {"ConsumerRelease"},
           FullCheckLoad |-> {"LoadSlotSeq"}]

ASSUME WeakStep \in DOMAIN JavaMode \cup DOMAIN Groups \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" \/ (WeakStep \in DOMAIN Groups /\ step \in Groups[WeakStep])
              THEN WeakMode ELSE JavaMode[step]

Told == "told" \in ExtraLocs         \* the harness tells (the header)
Producers == 1 .. P
Consumer == 0
None == 0                               \* an empty slot (Java: null)
Item(p, k) == 10 * p + k                \* producer p's k-th item, k >= 1
SeqLoc(i) == "seq" \o ToString(i)
ItemLoc(i) == "item" \o ToString(i)
Locs == {"tail", "head"} \cup {SeqLoc(i) : i \in 0 .. C - 1} \cup {ItemLoc(i) : i \in 0 .. C - 1} \cup ExtraLocs
InitVal == [x \in Locs |-> IF \E i \in 0 .. C - 1 : x = SeqLoc(i)
                           THEN CHOOSE i \in 0 .. C - 1 : x = SeqLoc(i)   \* slot i starts with seq i
                           ELSE 0]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per producer: its next step
    t,          \* per producer: the tail it loaded (a local)
    sent,       \* per producer: items accepted so far
    cpc,        \* the consumer's next step
    h,          \* the consumer's head (its own)
    got,        \* the item the consumer last read (a local)
    placed,     \* history: the item each claimed index received, index -> item
    received    \* history: the items the consumer took, in order

vars == <<mem, buf, msgs, cur, scv, pc, t, sent, cpc, h, got, placed, received>>
memVars == <<mem, buf, msgs, cur, scv>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- InitVal

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "tail"]
    /\ t = [p \in Producers |-> 0]
    /\ sent = [p \in Producers |-> 0]
    /\ cpc = "seq" /\ h = 0 /\ got = None
    /\ placed = <<>>
    /\ received = <<>>

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
consumerVars == <<cpc, h, got, received>>

(* offer: t = tail (after an offer returned false, the producer offers again) *)
LoadTail(p) ==
    /\ pc[p] \in {"tail", "full"}
    /\ \E r \in M!Reads(p, "tail", Mode("LoadTail")) :
          M!Load(p, "tail", Mode("LoadTail"), r) /\ t' = [t EXCEPT ![p] = r.val]
    /\ Goto(p, "seq")
    /\ UNCHANGED <<sent, placed>> /\ UNCHANGED consumerVars

(* q = seq[t & mask]: q = t claim it; q < t full (offer returns false; the *)
(* producer offers again); q > t another producer took the slot: reload   *)
LoadSlotSeq(p) ==
    /\ pc[p] = "seq"
    /\ \E r \in M!Reads(p, SeqLoc(t[p] % C), Mode("LoadSlotSeq")) :
          /\ M!Load(p, SeqLoc(t[p] % C), Mode("LoadSlotSeq"), r)
          /\ Goto(p, CASE r.val = t[p] -> "cas"
                    [] r.val < t[p] -> "full"       \* offer returns false
                    [] OTHER        -> "tail")      \* another producer of the shard took the slot
    /\ UNCHANGED <<t, sent, placed>> /\ UNCHANGED consumerVars

(* CAS(tail, t, t + 1) *)
CasTail(p) ==
    /\ pc[p] = "cas"
    /\ \/ M!CasOk(p, "tail", Mode("CasTail"), t[p], t[p] + 1) /\ Goto(p, "write")
       \/ M!CasFails(p, "tail", Mode("CasTail"), t[p]) /\ Goto(p, "tail")
    /\ UNCHANGED <<t, sent, placed>> /\ UNCHANGED consumerVars

(* items[t & mask] = e *)
WriteItem(p) ==
    /\ pc[p] = "write"
    /\ M!Store(p, ItemLoc(t[p] % C), Mode("WriteItem"), Item(p, sent[p] + 1))
    /\ placed' = placed @@ (t[p] :> Item(p, sent[p] + 1))
    /\ Goto(p, "publish")
    /\ UNCHANGED <<t, sent>> /\ UNCHANGED consumerVars

(* seq[t & mask] = t + 1; offer returns true *)
PublishSeq(p) ==
    /\ pc[p] = "publish"
    /\ M!Store(p, SeqLoc(t[p] % C), Mode("PublishSeq"), t[p] + 1)
    /\ sent' = [sent EXCEPT ![p] = @ + 1]
    /\ Goto(p, IF sent[p] + 1 = Items THEN "done" ELSE "tail")
    /\ UNCHANGED <<t, placed>> /\ UNCHANGED consumerVars

producerVars == <<pc, t, sent, placed>>

(* poll: an item is there iff seq[h & mask] = h + 1 *)
ConsumerLoadSeq ==
    /\ cpc = "seq"
    /\ \E r \in M!Reads(Consumer, SeqLoc(h % C), Mode("ConsumerLoadSeq")) :
          r.val = h + 1 /\ M!Load(Consumer, SeqLoc(h % C), Mode("ConsumerLoadSeq"), r)
    /\ cpc' = "read"
    /\ UNCHANGED <<h, got, received>> /\ UNCHANGED producerVars

ConsumerReadItem ==
    /\ cpc = "read"
    /\ \E r \in M!Reads(Consumer, ItemLoc(h % C), Mode("ConsumerReadItem")) :
          /\ M!Load(Consumer, ItemLoc(h % C), Mode("ConsumerReadItem"), r)
          /\ got' = r.val
          /\ received' = Append(received, r.val)
    /\ cpc' = "clear"
    /\ UNCHANGED h /\ UNCHANGED producerVars

ConsumerClear ==
    /\ cpc = "clear"
    /\ M!Store(Consumer, ItemLoc(h % C), Mode("ConsumerClear"), None)
    /\ cpc' = "release"
    /\ UNCHANGED <<h, got, received>> /\ UNCHANGED producerVars

(* seq[h & mask] = h + C: the slot is free for the next lap *)
ConsumerRelease ==
    /\ cpc = "release"
    /\ M!Store(Consumer, SeqLoc(h % C), Mode("ConsumerRelease"), h + C)
    /\ cpc' = "advance"
    /\ UNCHANGED <<h, got, received>> /\ UNCHANGED producerVars

ConsumerAdvance ==
    /\ cpc = "advance"
    /\ M!Store(Consumer, "head", Mode("ConsumerAdvance"), h + 1)
    /\ h' = h + 1 /\ cpc' = IF Told THEN "tell" ELSE "seq"
    /\ UNCHANGED <<got, received>> /\ UNCHANGED producerVars

(* The harness's telling (the header): user code. *)

(* after poll returned: told = the number of items taken, a volatile store *)
ConsumerTell ==
    /\ cpc = "tell"
    /\ M!Store(Consumer, "told", "volatile", h)
    /\ cpc' = "seq"
    /\ UNCHANGED <<h, got, received>> /\ UNCHANGED producerVars

(* before an offer, if it likes: a volatile load of told *)
ProducerHear(p) ==
    /\ Told /\ pc[p] \in {"tail", "full"}
    /\ \E r \in M!Reads(p, "told", "volatile") : M!Load(p, "told", "volatile", r)
    /\ UNCHANGED <<pc, t, sent, placed>> /\ UNCHANGED consumerVars

Flush(x) == M!Flush(x) /\ UNCHANGED <<pc, t, sent, cpc, h, got, placed, received>>

Done == (\A p \in Producers : pc[p] = "done") /\ h = P * Items /\ cpc = "seq" /\ M!Quiescent

Producer(p) == LoadTail(p) \/ LoadSlotSeq(p) \/ CasTail(p) \/ WriteItem(p) \/ PublishSeq(p) \/ ProducerHear(p)

Next ==
    \/ \E p \in Producers : Producer(p)
    \/ ConsumerLoadSeq \/ ConsumerReadItem \/ ConsumerClear \/ ConsumerRelease \/ ConsumerAdvance
    \/ ConsumerTell
    \/ \E x \in Producers \cup {Consumer} : Flush(x)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

Range(s) == {s[i] : i \in DOMAIN s}

\* The consumer reads each slot's item as its producer wrote it: never an empty slot,
\* never the item of an earlier lap, never one a later lap wrote over it.
NoStaleRead == cpc = "clear" => h \in DOMAIN placed /\ got = placed[h]

\* Two producers never claim one index (the tail CAS).
ClaimsUnique == \A p, q \in Producers :
    (p # q /\ pc[p] \in {"write", "publish"} /\ pc[q] \in {"write", "publish"}) => t[p] # t[q]

\* Nothing is delivered twice, and each producer's items arrive in order.
NoDuplicates == \A i, j \in DOMAIN received : i # j => received[i] # received[j]
PerProducerFIFO ==
    \A i, j \in DOMAIN received :
        (i < j /\ received[i] \div 10 = received[j] \div 10) => received[i] < received[j]

\* What an offer's false promises. An offer returns false (pc becomes "full") when its load of the
\* slot's sequence finds it below t: the consumer has not freed the slot's previous lap, as far as
\* that load saw. Two readings, each an action property on the step that returns false.
\*
\* In the interleaving's order, the design spec's OfferFailsOnlyWhenFull read on the slot's memory:
\* the newest value of the slot's sequence (its modification order's last; on x86-TSO, memory's)
\* is below t: the consumer's free of the slot has not been performed. It holds on x86-TSO; on
\* weak hardware the producer's acquire load may read an older value than the consumer's release
\* store of the free (a documented relaxation: ShardMemOfferFullWeak); with both volatile (one
\* total order of the two) it holds (ShardMemOfferFullVolatile), with either alone it does not.
OfferFailsOnlyWhenFull ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => M!Final(SeqLoc(t[p] % C)) < t[p]]_vars

\* The items taken as thread p has seen them: head (the count of polls returned: the last store of
\* a take) in the newest store of it that happens before p's next step. On weak hardware, the
\* layer's hb view of p; on x86-TSO, which keeps no views, memory's head: whatever happens before
\* p is in memory (a store still in the consumer's buffer cannot have been read by p, nor any
\* later one of the consumer's), so this is at least what p has seen.
TakenAsSeen(p) == IF Strength = "tso" THEN M!Final("head") ELSE msgs["head"][cur[p].hb["head"]].val

\* The promise on weak hardware: an offer returns false only if its shard is full as its thread
\* has seen it: t (the claims it loaded) is at least C past every take that happens before the
\* step that decides (a poll that returned and then told this thread, through a volatile, a lock
\* or the buffer itself), the decision's own load included (the primed views). A take racing the
\* call (not happening before it) may be unseen. A fresh load of the slot's sequence, in any mode,
\* reads no write older than one that happens before it, so while the sequence's values stay in
\* order (the other properties) only a decision from a value not loaded then can fail it: the
\* broken sibling ShardMemFullCached, a producer that refuses again at the tail it was refused at
\* without loading the sequence. Checked with the telling harness (ShardMemoryTell.cfg):
\* without it no take happens before a producer's refusal but through the slot it loads.
OfferFailsOnlyWhenFullAsSeen ==
    [][\A p \in Producers : (pc[p] # "full" /\ pc'[p] = "full") => t[p] >= TakenAsSeen(p)' + C]_vars

\* JavaMode's "wait" rows: a wait loop of the Java re-reads the load, so it is at least opaque whatever a
\* sibling accepts (an acceptance of plain is about safety only): JLS 17.4 lets the JIT hoist a plain read
\* out of a loop, and make modes finds those loops in the bytecode and fails a plain load in one.
=============================================================================
