--------------------------- MODULE AgronaRingMemory ---------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): Agrona 2.6.0's                *)
(* org.agrona.concurrent.ringbuffer.OneToOneRingBuffer, one producer and   *)
(* one consumer. Written from a reading of the 2.6.0 sources jar (Maven    *)
(* Central, org.agrona:agrona:2.6.0:sources) and of the bytecode of the    *)
(* 2.6.0 jar (javap: org.agrona.UnsafeApi delegates each accessor to the   *)
(* jdk.internal.misc.Unsafe method of the same name); no code of it is     *)
(* copied here. Every shared access goes through specs/memory/Memory.tla   *)
(* with the mode the 2.6.0 Java uses: the table JavaMode.                  *)
(*                                                                         *)
(* The buffer is counted in units of ALIGNMENT (= HEADER_LENGTH, 8 bytes); *)
(* a record of Size[k] units is its header unit and Size[k] - 1 payload    *)
(* units. Unit u is two locations: "len<u>", its first int (a header's     *)
(* length, or the first half of a payload unit), and "typ<u>", its second  *)
(* int (a header's type). Positions (head, tail, the head cache) are       *)
(* absolute unit counts; the unit of position q is q % Capacity.           *)
(*                                                                         *)
(* Modelled, the producer (write(...) when API = "write", tryClaim/commit  *)
(* when API = "tryClaim"), message k = 0 .. N-1 in turn, retried until it  *)
(* succeeds:                                                               *)
(*  - claimCapacity: LoadCache (headCachePosition, getLong), LoadTail      *)
(*    (tailPosition, getLong); if the space the cache leaves is too small, *)
(*    LoadHead (headPosition, getLongVolatile), INSUFFICIENT_CAPACITY if   *)
(*    still too small (write returns false: retry), else StoreCache        *)
(*    (putLong). Then, by where the record falls:                           *)
(*    exact fit at the buffer's end: StoreTail (putLongRelease), PreZero   *)
(*    of unit 0 (putLong(0, 0L));                                          *)
(*    wrap: if the head's index is below the space needed, LoadHeadWrap    *)
(*    (getLongVolatile) and StoreCache (putLong) (and INSUFFICIENT if      *)
(*    still too small, the tail then only past the padding); StoreTail;    *)
(*    the padding record: PreZero of unit 0, PadClaim (putIntRelease of    *)
(*    -padding), PadType (putInt PADDING_MSG_TYPE_ID), PadCommit           *)
(*    (putIntRelease of +padding); then, unless INSUFFICIENT, PreZero of   *)
(*    the header after the record;                                         *)
(*    otherwise: StoreTail, PreZero of the header after the record;        *)
(*  - write: Claim (putIntRelease of -length), Payload (putBytes, one      *)
(*    step per unit), Type (putInt), Commit (putIntRelease of +length);    *)
(*  - tryClaim: Claim, Type; the user's UserPayload (one step per unit);   *)
(*    commit: CommitLoad (verifyClaimedSpaceNotReleased, getInt of the     *)
(*    length), Commit (putIntRelease of +length).                          *)
(* The consumer, read(handler) called again and again:                     *)
(*  - LoadOwnHead (headPosition, getLong); then from the head's index      *)
(*    to the buffer's end: LoadLength (getIntVolatile); a length <= 0      *)
(*    ends the call; else LoadType (getInt), PADDING_MSG_TYPE_ID: skip;    *)
(*    else the handler's ReadPayload (one plain load per payload unit);    *)
(*  - StoreHead (putLongRelease of head + bytesRead) if it read any.       *)
(* 2.6.0's consumer does not zero what it consumed (older versions did,    *)
(* setMemory in read): the producer pre-zeroes the header after each       *)
(* record instead (hence the extra HEADER_LENGTH of requiredCapacity).     *)
(*                                                                         *)
(* Abstracted away: byte lengths (a record's length is its aligned size in *)
(* units); the type half of a pre-zeroing putLong (the consumer reads a    *)
(* type only after acquiring the commit that follows the type's store) and *)
(* the second half of each payload unit (one value per unit: message k's   *)
(* payload is 100 + k); the releaseFence after each claim (the layer has   *)
(* no fences; in its view semantics a release fence gives only the later   *)
(* stores that an acquiring load reads a view, and the only such later     *)
(* store is the commit, itself a release: docs/peers-agrona.md); abort,    *)
(* controlledRead, messageCountLimit (the whole contiguous block per      *)
(* call), producerPosition/consumerPosition/size (the only other readers   *)
(* of the tail), the correlation counter and heartbeat; the spin of a      *)
(* failed write (a retry is a new attempt); liveness. Load buffering is    *)
(* not in the layer (Memory.tla): a handler's plain read never returns the *)
(* next lap's store, which the head's release store and volatile load      *)
(* forbid in the JMM; a weakening of those is accepted here for that       *)
(* reason only (docs/peers-agrona.md).                                     *)
(*                                                                         *)
(* WeakStep and WeakMode weaken one step's mode (a sibling); "none" keeps  *)
(* the Java's modes; "all" gives every step the mode WeakMode.             *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    Capacity,      \* the buffer's capacity in units, a power of two
    Size,          \* Size[k]: the aligned length of message k's record in units, k = 0 .. N-1
    API,           \* "write" (write(...)) or "tryClaim" (tryClaim, the user's stores, commit)
    WeakStep,      \* a step of JavaMode whose mode a sibling weakens, or "none" / "all"
    WeakMode       \* the mode it gets

\* The configs' sizes (a config substitutes one for Size: Size <- SizesWrap).
SizesWrap == <<1, 2, 2>>     \* the third does not fit the buffer's end: padding, then unit 0
SizesFull == <<2, 1, 2>>     \* as SizesWrap, with a head at unit 2: the wrap's own head check
SizesExact == <<2, 2, 2>>    \* the second fits the buffer's end exactly: no padding
SizesLong == <<1, 2, 2, 2, 1, 2, 2>> \* three laps: a padding wrap, an exact fit, the first lap again, a second padding wrap

N == Len(Size)
Msgs == 0 .. N - 1

ASSUME Capacity \in {4, 8} /\ API \in {"write", "tryClaim"}
ASSUME \A k \in Msgs : Size[k + 1] \in 1 .. 2    \* maxMsgLength: capacity >> 3 bytes, one payload unit

\* The access mode of each step in Agrona 2.6.0.
JavaMode == [
    LoadCache    |-> "plain",      \* OneToOneRingBuffer.claimCapacity: buffer.getLong(headCachePositionIndex)
    LoadTail     |-> "plain",      \* OneToOneRingBuffer.claimCapacity: buffer.getLong(tailPositionIndex)
    LoadHead     |-> "volatile",   \* OneToOneRingBuffer.claimCapacity: buffer.getLongVolatile(headPositionIndex), the capacity check
    StoreCache   |-> "plain",      \* OneToOneRingBuffer.claimCapacity: buffer.putLong(headCachePositionIndex, head), both
    LoadHeadWrap |-> "volatile",   \* OneToOneRingBuffer.claimCapacity: buffer.getLongVolatile(headPositionIndex), the wrap check
    StoreTail    |-> "release",    \* OneToOneRingBuffer.claimCapacity: buffer.putLongRelease(tailPositionIndex, ...), both
    PreZero      |-> "plain",      \* OneToOneRingBuffer.claimCapacity: buffer.putLong(index, 0L) of the next header, all three
    PadClaim     |-> "release",    \* OneToOneRingBuffer.claimCapacity: buffer.putIntRelease(lengthOffset, -padding)
    PadType      |-> "plain",      \* OneToOneRingBuffer.claimCapacity: buffer.putInt(typeOffset, PADDING_MSG_TYPE_ID)
    PadCommit    |-> "release",    \* OneToOneRingBuffer.claimCapacity: buffer.putIntRelease(lengthOffset, padding)
    Claim        |-> "release",    \* OneToOneRingBuffer.write / tryClaim: buffer.putIntRelease(lengthOffset, -recordLength)
    Payload      |-> "plain",      \* OneToOneRingBuffer.write: buffer.putBytes (UnsafeApi.copyMemory)
    Type         |-> "plain",      \* OneToOneRingBuffer.write / tryClaim: buffer.putInt(typeOffset, msgTypeId)
    UserPayload  |-> "plain",      \* user code between tryClaim and commit: stores into buffer()
    CommitLoad   |-> "plain",      \* OneToOneRingBuffer.verifyClaimedSpaceNotReleased: buffer.getInt(lengthOffset)
    Commit       |-> "release",    \* OneToOneRingBuffer.write / commit: buffer.putIntRelease(lengthOffset, recordLength)
    LoadOwnHead  |-> "plain",      \* OneToOneRingBuffer.read: buffer.getLong(headPositionIndex)
    LoadLength   |-> "volatile",   \* OneToOneRingBuffer.read: buffer.getIntVolatile(lengthOffset(recordIndex))
    LoadType     |-> "plain",      \* OneToOneRingBuffer.read: buffer.getInt(typeOffset(recordIndex))
    ReadPayload  |-> "plain",      \* user code: MessageHandler.onMessage's loads from the buffer
    StoreHead    |-> "release"     \* OneToOneRingBuffer.read: buffer.putLongRelease(headPositionIndex, head + bytesRead)
]

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all"}

Mode(step) == IF step = WeakStep \/ WeakStep = "all" THEN WeakMode ELSE JavaMode[step]

Producer == "producer"
Consumer == "consumer"
LenLoc(u) == "len" \o ToString(u)
TypLoc(u) == "typ" \o ToString(u)
Units == 0 .. Capacity - 1
Locs == {"tail", "head", "cache"} \cup {LenLoc(u) : u \in Units} \cup {TypLoc(u) : u \in Units}

PADDING == -1                       \* PADDING_MSG_TYPE_ID
TypeOf(k) == k + 1                  \* message k's msgTypeId
PayloadOf(k) == 100 + k             \* message k's payload, in each of its payload units
Sz(k) == Size[k + 1]
Required(k) == Sz(k) + 1            \* requiredCapacity: the record and the next header
Idx(q) == q % Capacity

(* The layout, fixed by the sizes: record k starts at RecAt(k); PadLen(k) > 0 *)
(* when a padding record of that length precedes it at RecAt(k) - PadLen(k).  *)
RECURSIVE EndOf(_)
PadLen(k) == LET e == EndOf(k - 1)
                 toEnd == Capacity - Idx(e)
             IN  IF Sz(k) = toEnd \/ Required(k) <= toEnd THEN 0 ELSE toEnd
RecAt(k) == EndOf(k - 1) + PadLen(k)
EndOf(k) == IF k < 0 THEN 0 ELSE RecAt(k) + Sz(k)

\* Expected: what the consumer must have received for message k (type, then payload units).
Expected(k) == <<TypeOf(k)>> \o [j \in 1 .. Sz(k) - 1 |-> PayloadOf(k)]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* the producer's next step
    pk,         \* the message it is writing
    pcache,     \* the head cache value claimCapacity loaded
    phead,      \* the head value claimCapacity works with (cache, then refreshed)
    ptail,      \* the tail value it loaded
    pnext,      \* nextTail
    pidx,       \* writeIndex (the record's unit), -1 for INSUFFICIENT_CAPACITY
    ppad,       \* the padding's length, 0 for none
    pj,         \* the payload unit it writes next (1 .. Sz - 1)
    committed,  \* history: the positions whose record (or padding) commit has been stored
    cpc,        \* the consumer's next step
    chead,      \* the head read() loaded
    cbytes,     \* bytesRead
    crec,       \* recordIndex of the record it reads (a unit)
    clen,       \* its length
    cj,         \* the payload unit the handler reads next
    cgot,       \* what the handler has read of the current message
    recv        \* history: every message the handler got, in order

memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>>
consumerVars == <<cpc, chead, cbytes, crec, clen, cj, cgot, recv>>
vars == <<mem, buf, msgs, cur, scv, pc, pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed,
          cpc, chead, cbytes, crec, clen, cj, cgot, recv>>

M == INSTANCE Memory WITH Threads <- {Producer, Consumer}, Init <- [x \in Locs |-> 0]

Init ==
    /\ M!MemInit
    /\ pc = IF N > 0 THEN "cache" ELSE "done"
    /\ pk = 0 /\ pcache = 0 /\ phead = 0 /\ ptail = 0 /\ pnext = 0 /\ pidx = 0 /\ ppad = 0 /\ pj = 1
    /\ committed = {}
    /\ cpc = "start" /\ chead = 0 /\ cbytes = 0 /\ crec = 0 /\ clen = 0 /\ cj = 1
    /\ cgot = <<>> /\ recv = <<>>

Goto(l) == pc' = l

(* ---------------- the producer: claimCapacity ---------------- *)

LoadCache ==
    /\ pc = "cache"
    /\ \E r \in M!Reads(Producer, "cache", Mode("LoadCache")) :
          /\ M!Load(Producer, "cache", Mode("LoadCache"), r)
          /\ pcache' = r.val /\ phead' = r.val
    /\ Goto("tail")
    /\ UNCHANGED <<pk, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

(* Where the record goes, once the capacity check passed with head h. *)
Place(h, t) ==
    LET idx == Idx(t)
        toEnd == Capacity - idx
    IN  IF Sz(pk) = toEnd
          THEN /\ pidx' = idx /\ ppad' = 0 /\ pnext' = t + Sz(pk)
               /\ Goto("storetail")
        ELSE IF Required(pk) > toEnd
          THEN /\ ppad' = toEnd
               /\ IF Required(pk) > Idx(h)
                     THEN Goto("headwrap") /\ UNCHANGED <<pidx, pnext>>
                     ELSE /\ pidx' = 0 /\ pnext' = t + Sz(pk) + toEnd
                          /\ Goto("storetail")
        ELSE /\ pidx' = idx /\ ppad' = 0 /\ pnext' = t + Sz(pk)
             /\ Goto("storetail")

LoadTail ==
    /\ pc = "tail"
    /\ \E r \in M!Reads(Producer, "tail", Mode("LoadTail")) :
          /\ M!Load(Producer, "tail", Mode("LoadTail"), r)
          /\ ptail' = r.val
          /\ IF Required(pk) > Capacity - (r.val - phead)
                THEN Goto("head") /\ UNCHANGED <<pidx, ppad, pnext>>
                ELSE Place(phead, r.val)
    /\ UNCHANGED <<pk, pcache, phead, pj, committed>> /\ UNCHANGED consumerVars

(* head = getLongVolatile(headPosition); INSUFFICIENT_CAPACITY: write returns false, retried *)
LoadHead ==
    /\ pc = "head"
    /\ \E r \in M!Reads(Producer, "head", Mode("LoadHead")) :
          /\ M!Load(Producer, "head", Mode("LoadHead"), r)
          /\ phead' = r.val
          /\ Goto(IF Required(pk) > Capacity - (ptail - r.val) THEN "cache" ELSE "storecache")
    /\ UNCHANGED <<pk, pcache, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

StoreCache ==
    /\ pc = "storecache"
    /\ M!Store(Producer, "cache", Mode("StoreCache"), phead)
    /\ Place(phead, ptail)
    /\ UNCHANGED <<pk, pcache, phead, ptail, pj, committed>> /\ UNCHANGED consumerVars

(* the wrap: the head's index must leave room for the record at 0 and the next header *)
LoadHeadWrap ==
    /\ pc = "headwrap"
    /\ \E r \in M!Reads(Producer, "head", Mode("LoadHeadWrap")) :
          /\ M!Load(Producer, "head", Mode("LoadHeadWrap"), r)
          /\ phead' = r.val
          /\ IF Required(pk) > Idx(r.val)
                THEN pidx' = -1 /\ pnext' = ptail + ppad
                ELSE pidx' = 0 /\ pnext' = ptail + Sz(pk) + ppad
    /\ Goto("storecache2")
    /\ UNCHANGED <<pk, pcache, ptail, ppad, pj, committed>> /\ UNCHANGED consumerVars

StoreCacheWrap ==
    /\ pc = "storecache2"
    /\ M!Store(Producer, "cache", Mode("StoreCache"), phead)
    /\ Goto("storetail")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

StoreTail ==
    /\ pc = "storetail"
    /\ M!Store(Producer, "tail", Mode("StoreTail"), pnext)
    /\ Goto(IF ppad > 0 THEN "padzero" ELSE IF pidx = Idx(ptail) /\ Sz(pk) = Capacity - Idx(ptail)
                                            THEN "zero0" ELSE "prezero")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

(* the exact fit: putLong(0, 0L), the header after the record (unit 0) *)
PreZeroStart ==
    /\ pc = "zero0"
    /\ M!Store(Producer, LenLoc(0), Mode("PreZero"), 0)
    /\ Goto("claim")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

(* the padding record at the tail's index, to the buffer's end *)
PadZero ==
    /\ pc = "padzero"
    /\ M!Store(Producer, LenLoc(0), Mode("PreZero"), 0)
    /\ Goto("padclaim")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

PadClaim ==
    /\ pc = "padclaim"
    /\ M!Store(Producer, LenLoc(Idx(ptail)), Mode("PadClaim"), -ppad)
    /\ Goto("padtype")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

PadType ==
    /\ pc = "padtype"
    /\ M!Store(Producer, TypLoc(Idx(ptail)), Mode("PadType"), PADDING)
    /\ Goto("padcommit")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

PadCommit ==
    /\ pc = "padcommit"
    /\ M!Store(Producer, LenLoc(Idx(ptail)), Mode("PadCommit"), ppad)
    /\ committed' = committed \cup {ptail}
    /\ Goto(IF pidx = -1 THEN "cache" ELSE "prezero")   \* INSUFFICIENT: write returns false, retried
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj>> /\ UNCHANGED consumerVars

(* putLong(writeIndex + alignedRecordLength, 0L) *)
PreZero ==
    /\ pc = "prezero"
    /\ M!Store(Producer, LenLoc(pidx + Sz(pk)), Mode("PreZero"), 0)
    /\ Goto("claim")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

(* ---------------- the producer: write / tryClaim, commit ---------------- *)

Claim ==
    /\ pc = "claim"
    /\ M!Store(Producer, LenLoc(pidx), Mode("Claim"), -Sz(pk))
    /\ Goto(IF API = "write" /\ Sz(pk) > 1 THEN "payload" ELSE "type")
    /\ pj' = 1
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, committed>> /\ UNCHANGED consumerVars

(* write: putBytes; tryClaim: the user's stores after tryClaim returned *)
PayloadStep(step, next) ==
    /\ M!Store(Producer, LenLoc(pidx + pj), Mode(step), PayloadOf(pk))
    /\ IF pj < Sz(pk) - 1 THEN pj' = pj + 1 /\ UNCHANGED pc ELSE Goto(next) /\ UNCHANGED pj
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, committed>> /\ UNCHANGED consumerVars

Payload == pc = "payload" /\ PayloadStep("Payload", "type")
UserPayload == pc = "upayload" /\ PayloadStep("UserPayload", "commitload")

Type ==
    /\ pc = "type"
    /\ M!Store(Producer, TypLoc(pidx), Mode("Type"), TypeOf(pk))
    /\ Goto(IF API = "write" THEN "commit" ELSE IF Sz(pk) > 1 THEN "upayload" ELSE "commitload")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

(* commit: verifyClaimedSpaceNotReleased reads the length back; it must still be the claim *)
CommitLoad ==
    /\ pc = "commitload"
    /\ \E r \in M!Reads(Producer, LenLoc(pidx), Mode("CommitLoad")) :
          /\ r.val < 0         \* else IllegalStateException (see the invariant CommitSeesClaim)
          /\ M!Load(Producer, LenLoc(pidx), Mode("CommitLoad"), r)
    /\ Goto("commit")
    /\ UNCHANGED <<pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed>> /\ UNCHANGED consumerVars

Commit ==
    /\ pc = "commit"
    /\ M!Store(Producer, LenLoc(pidx), Mode("Commit"), Sz(pk))
    /\ committed' = committed \cup {RecAt(pk)}
    /\ pk' = pk + 1
    /\ Goto(IF pk + 1 < N THEN "cache" ELSE "done")
    /\ UNCHANGED <<pcache, phead, ptail, pnext, pidx, ppad, pj>> /\ UNCHANGED consumerVars

(* ---------------- the consumer: read(handler) ---------------- *)

Contiguous == Capacity - Idx(chead)
CIdx == Idx(chead) + cbytes            \* recordIndex of the next header
CPos == chead + cbytes                 \* its position
AfterRecord == IF cbytes < Contiguous THEN "len" ELSE "storehead"

LoadOwnHead ==
    /\ cpc = "start"
    /\ \E r \in M!Reads(Consumer, "head", Mode("LoadOwnHead")) :
          /\ M!Load(Consumer, "head", Mode("LoadOwnHead"), r)
          /\ chead' = r.val
    /\ cbytes' = 0 /\ cpc' = "len"
    /\ UNCHANGED <<crec, clen, cj, cgot, recv>> /\ UNCHANGED producerVars

LoadLength ==
    /\ cpc = "len"
    /\ \E r \in M!Reads(Consumer, LenLoc(CIdx), Mode("LoadLength")) :
          /\ M!Load(Consumer, LenLoc(CIdx), Mode("LoadLength"), r)
          /\ IF r.val <= 0
                THEN /\ cpc' = IF cbytes > 0 THEN "storehead" ELSE "start"
                     /\ UNCHANGED <<cbytes, crec, clen>>
                ELSE /\ crec' = CIdx /\ clen' = r.val /\ cbytes' = cbytes + r.val
                     /\ cpc' = "type"
    /\ UNCHANGED <<chead, cj, cgot, recv>> /\ UNCHANGED producerVars

LoadType ==
    /\ cpc = "type"
    /\ \E r \in M!Reads(Consumer, TypLoc(crec), Mode("LoadType")) :
          /\ M!Load(Consumer, TypLoc(crec), Mode("LoadType"), r)
          /\ IF r.val = PADDING
                THEN cpc' = AfterRecord /\ UNCHANGED <<cgot, recv>>
                ELSE IF clen > 1
                     THEN cpc' = "payload" /\ cgot' = <<r.val>> /\ UNCHANGED recv
                     ELSE cpc' = AfterRecord /\ recv' = Append(recv, <<r.val>>) /\ UNCHANGED cgot
    /\ cj' = 1
    /\ UNCHANGED <<chead, cbytes, crec, clen>> /\ UNCHANGED producerVars

(* MessageHandler.onMessage: the handler's plain loads of the payload *)
ReadPayload ==
    /\ cpc = "payload"
    /\ \E r \in M!Reads(Consumer, LenLoc(Idx(crec + cj)), Mode("ReadPayload")) :
          /\ M!Load(Consumer, LenLoc(Idx(crec + cj)), Mode("ReadPayload"), r)
          /\ IF cj < clen - 1
                THEN cj' = cj + 1 /\ cgot' = Append(cgot, r.val) /\ UNCHANGED <<cpc, recv>>
                ELSE /\ recv' = Append(recv, Append(cgot, r.val)) /\ cgot' = <<>>
                     /\ cpc' = AfterRecord /\ UNCHANGED cj
    /\ UNCHANGED <<chead, cbytes, crec, clen>> /\ UNCHANGED producerVars

StoreHead ==
    /\ cpc = "storehead"
    /\ M!Store(Consumer, "head", Mode("StoreHead"), chead + cbytes)
    /\ cpc' = "start"
    /\ UNCHANGED <<chead, cbytes, crec, clen, cj, cgot, recv>> /\ UNCHANGED producerVars

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, pk, pcache, phead, ptail, pnext, pidx, ppad, pj, committed,
                                      cpc, chead, cbytes, crec, clen, cj, cgot, recv>>

ProducerStep ==
    \/ LoadCache \/ LoadTail \/ LoadHead \/ StoreCache \/ LoadHeadWrap \/ StoreCacheWrap
    \/ StoreTail \/ PreZeroStart \/ PadZero \/ PadClaim \/ PadType \/ PadCommit \/ PreZero
    \/ Claim \/ Payload \/ UserPayload \/ Type \/ CommitLoad \/ Commit

ConsumerStep == LoadOwnHead \/ LoadLength \/ LoadType \/ ReadPayload \/ StoreHead

Next ==
    \/ ProducerStep
    \/ ConsumerStep
    \/ \E t \in {Producer, Consumer} : Flush(t)

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* The handler got exactly messages 0, 1, ..., k-1, in order, each with the type and the
\* payload the producer wrote: no stale, zeroed or half-written message, no duplicate, no gap.
ConsumedInOrder == \A i \in 1 .. Len(recv) : recv[i] = Expected(i - 1)

\* The consumer goes past a header only when it holds that record's (or padding's) committed
\* length: never a claim, a pre-zeroed header, an older lap's length or a payload read as a length.
RecordAtPos(q) ==
    IF \E k \in Msgs : RecAt(k) = q THEN Sz(CHOOSE k \in Msgs : RecAt(k) = q)
    ELSE IF \E k \in Msgs : PadLen(k) > 0 /\ RecAt(k) - PadLen(k) = q
         THEN PadLen(CHOOSE k \in Msgs : PadLen(k) > 0 /\ RecAt(k) - PadLen(k) = q)
         ELSE 0
CRecPos == chead + cbytes - clen
NoReadBeforeCommit ==
    cpc \in {"type", "payload"} => /\ CRecPos \in committed
                                   /\ clen = RecordAtPos(CRecPos)

\* What the consumer has finished with: every byte before it has been read.
CDone == IF cpc \in {"type", "payload"} THEN CRecPos ELSE chead + cbytes

\* The position of the producer's next store into the buffer, if its next step is one.
PTarget ==
    CASE pc = "zero0" -> pnext
      [] pc = "padzero" -> ptail + ppad
      [] pc \in {"padclaim", "padtype", "padcommit"} -> ptail
      [] pc = "prezero" -> ptail + ppad + Sz(pk)
      [] pc \in {"claim", "type", "commit"} -> ptail + ppad
      [] pc \in {"payload", "upayload"} -> ptail + ppad + pj
      [] OTHER -> -1

\* The producer never writes a byte the consumer has not finished with (that byte's
\* previous lap, one capacity back).
NoOverwrite == PTarget - Capacity < CDone

\* commit's verifyClaimedSpaceNotReleased reads its own claim back (no IllegalStateException).
CommitSeesClaim ==
    pc = "commitload" => \E r \in M!Reads(Producer, LenLoc(pidx), Mode("CommitLoad")) : r.val < 0
=============================================================================
