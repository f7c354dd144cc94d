--------------------------- MODULE HandoverMemory ---------------------------
(***************************************************************************)
(* The consumer role of the sharded buffer (ConsumerHandover.tla) handed   *)
(* from thread to thread, with every shared-memory access made through the *)
(* memory layer (specs/memory/Memory.tla) in the access mode               *)
(* io.github.uncontended.sharded.ShardedBuffer and Shard use: the table    *)
(* JavaMode below, which the build checks against the Java (make modes).  *)
(*                                                                         *)
(* The question: when one thread releases the role and another claims it,  *)
(* does the new consumer see everything the old one did? Its position is  *)
(* in memory the old consumer wrote with plain and opaque stores: the      *)
(* shard's head (read back with Shard.lpHead, a plain load), the slots it  *)
(* cleared, the sequences it released (and, in the Java, the fields        *)
(* current and takenHere, plain, handed over the same way). Only the role *)
(* orders them: the holder's release store of null (ReleaseConsumer) and  *)
(* the claimer's CAS (ClaimConsumer), which reads it.                     *)
(*                                                                         *)
(* Modeled: Pollers threads polling one shard of C slots whose Items items *)
(* were published before the threads started (their writes happen before  *)
(* everything: the producers' side is ShardMemory.tla's). A poll by c:     *)
(*   LoadRole          opaque load of the role: c itself, go on; else     *)
(*                     expected = none                                     *)
(*   ClaimConsumer     compareAndExchange(role, expected, c): success, c   *)
(*                     is the consumer; failure, witness = what it read    *)
(*   CheckHolder       witness is a thread: refused; none (the holder      *)
(*                     released the role since): CAS again from none       *)
(* then, as the consumer: LoadHead (lpHead, plain), ConsumerLoadSeq,       *)
(* ConsumerReadItem, ConsumerClear, ConsumerRelease, ConsumerAdvance, as in *)
(* ShardMemory.tla, the poll returning null when the head slot is not      *)
(* published. Between polls the holder may give the role up:              *)
(* ReleaseConsumer, a release store of none (at most Handovers times).    *)
(* A thread may end between polls, holding the role or not (Terminate, at  *)
(* most Terminations times, never the last thread): a poll whose CAS found *)
(* it then takes the role over (CheckHolder: isAlive() is false, so CAS   *)
(* again from it). What orders the dead holder's plain and opaque stores   *)
(* before the new consumer's loads is no access of ours but the JLS        *)
(* (17.4.4: a thread's last action synchronizes-with the detection of its  *)
(* end by isAlive()), modelled as that edge: the checker's views take in   *)
(* the dead thread's (weak), and a thread's end drains its store buffer    *)
(* (x86-TSO: HotSpot's thread exit runs locked instructions). With         *)
(* Terminations = 0 (HandoverMemory.cfg) no thread ends.                   *)
(*                                                                         *)
(* The role's steps are RoleMemory.tla's, shared with the element-flag    *)
(* buffer's handover model (ElementFlagHandoverMemory.tla); this module    *)
(* adds the slot-sequence consumer's steps and its JavaMode table.         *)
(*                                                                         *)
(* Abstracted away: the producers (above); other shards (one shard's       *)
(* memory shows the question: current and takenHere are plain fields      *)
(* handed over exactly as the head is); the Java's check of releaseConsumer *)
(* (an opaque load of the role that the holder finds itself in, as in      *)
(* LoadRole). Liveness: the layer is for safety.                          *)
(***************************************************************************)
EXTENDS RoleMemory, TLC

\* Besides RoleMemory's Strength, Pollers (1 .. n), Handovers and Terminations; its Locs,
\* InitVal and Mode are this module's HandoverLocs, HandoverInitVal and HandoverMode (the config).
CONSTANTS
    C,          \* slots of the shard (a power of two)
    Items,      \* items published before the threads start, at most C
    WeakStep,   \* a step of JavaMode whose mode a sibling weakens, "none", or "all"
    WeakMode    \* the mode it gets

ASSUME Pollers \subseteq Nat \ {0} /\ C \in {2, 4} /\ Items \in 1 .. C /\ Handovers \in Nat /\ Terminations \in Nat

\* The access mode of each step, as ShardedBuffer and Shard use it.
JavaMode == [
    LoadRole         |-> "opaque",     \* CONSUMER.getOpaque (loConsumer)
    ClaimConsumer    |-> "volatile",   \* CONSUMER.compareAndExchange (caeConsumer)
    ReleaseConsumer  |-> "release",    \* CONSUMER.setRelease(null) (soConsumer)
    LoadHead         |-> "plain",      \* HEAD.get (Shard.lpHead)
    ConsumerLoadSeq  |-> "acquire",    \* SEQ.getAcquire (laSeq, consumer)
    ConsumerReadItem |-> "plain",      \* items[h & mask]
    ConsumerClear    |-> "plain",      \* items[h & mask] = null
    ConsumerRelease  |-> "release",    \* SEQ.setRelease (soSeq, consumer: h + C)
    ConsumerAdvance  |-> "opaque"      \* HEAD.setOpaque
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

HandoverMode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

SeqLoc(i) == "seq" \o ToString(i)
ItemLoc(i) == "item" \o ToString(i)
HandoverLocs == {"role", "head"} \cup {SeqLoc(i) : i \in 0 .. C - 1} \cup {ItemLoc(i) : i \in 0 .. C - 1}
\* Slot i holds item i + 1, published (seq i + 1), for i < Items; the others are free (seq i).
HandoverInitVal == [x \in HandoverLocs |->
    CASE \E i \in 0 .. C - 1 : x = SeqLoc(i) ->
            LET i == CHOOSE i \in 0 .. C - 1 : x = SeqLoc(i) IN IF i < Items THEN i + 1 ELSE i
      [] \E i \in 0 .. C - 1 : x = ItemLoc(i) ->
            LET i == CHOOSE i \in 0 .. C - 1 : x = ItemLoc(i) IN IF i < Items THEN i + 1 ELSE None
      [] OTHER -> 0]

vars == <<mem, buf, msgs, cur, scv, rpc, expected, witness, hd, got, holds, handovers, received>>

ConsumerSteps == {"head", "seq", "read", "clear", "release", "advance"}

Init == RoleInit

consumerUnchanged(c) == UNCHANGED <<expected, witness, holds, handovers>>

(* h = s.lpHead(): the head the previous consumer advanced, read with a plain load *)
LoadHead(c) ==
    /\ rpc[c] = "head"
    /\ \E r \in M!Reads(c, "head", Mode("LoadHead")) :
          M!Load(c, "head", Mode("LoadHead"), r) /\ hd' = [hd EXCEPT ![c] = r.val]
    /\ Goto(c, "seq")
    /\ UNCHANGED <<got, received>> /\ consumerUnchanged(c)

(* an item is there iff seq[h & mask] = h + 1; else the poll returns null *)
ConsumerLoadSeq(c) ==
    /\ rpc[c] = "seq"
    /\ \E r \in M!Reads(c, SeqLoc(hd[c] % C), Mode("ConsumerLoadSeq")) :
          /\ M!Load(c, SeqLoc(hd[c] % C), Mode("ConsumerLoadSeq"), r)
          /\ Goto(c, IF r.val = hd[c] + 1 THEN "read" ELSE "idle")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

ConsumerReadItem(c) ==
    /\ rpc[c] = "read"
    /\ \E r \in M!Reads(c, ItemLoc(hd[c] % C), Mode("ConsumerReadItem")) :
          /\ M!Load(c, ItemLoc(hd[c] % C), Mode("ConsumerReadItem"), r)
          /\ got' = [got EXCEPT ![c] = r.val]
          /\ received' = Append(received, r.val)
    /\ Goto(c, "clear")
    /\ UNCHANGED hd /\ consumerUnchanged(c)

ConsumerClear(c) ==
    /\ rpc[c] = "clear"
    /\ M!Store(c, ItemLoc(hd[c] % C), Mode("ConsumerClear"), None)
    /\ Goto(c, "release")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

(* seq[h & mask] = h + C: the slot is free for the next lap *)
ConsumerRelease(c) ==
    /\ rpc[c] = "release"
    /\ M!Store(c, SeqLoc(hd[c] % C), Mode("ConsumerRelease"), hd[c] + C)
    /\ Goto(c, "advance")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

ConsumerAdvance(c) ==
    /\ rpc[c] = "advance"
    /\ M!Store(c, "head", Mode("ConsumerAdvance"), hd[c] + 1)
    /\ Goto(c, "idle")
    /\ UNCHANGED <<hd, got, received>> /\ consumerUnchanged(c)

Poller(c) ==
    \/ LoadRole(c) \/ ClaimConsumer(c) \/ CheckHolder(c) \/ Retry(c)
    \/ LoadHead(c) \/ ConsumerLoadSeq(c) \/ ConsumerReadItem(c) \/ ConsumerClear(c)
    \/ ConsumerRelease(c) \/ ConsumerAdvance(c) \/ ReleaseConsumer(c) \/ Terminate(c)

Next == \E c \in Pollers : Poller(c) \/ Flush(c)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* No two threads take consumer steps at once.
SingleConsumer == SingleConsumerOf(ConsumerSteps)

\* The consumers, one after another, take items 1, 2, ... in order, each once, never an empty
\* slot: each new consumer starts where the last one stopped.
InOrderOnce == received = [i \in 1 .. Len(received) |-> i]

=============================================================================
