---------------------------- MODULE JctXaddChunks ----------------------------
(***************************************************************************)
(* A peer under the memory layer (issue 26): the chunk linking of JCTools  *)
(* 4.0.5's org.jctools.queues.MpscUnboundedXaddArrayQueue, the part where  *)
(* the mode of MpUnboundedXaddChunk.soPrev matters (JCTools pull request   *)
(* #394 and issue #308: soPrev is named an ordered store but is            *)
(* Unsafe.putObject, a plain one). Written from a reading of the 4.0.5     *)
(* sources jar and class files (MpscUnboundedXaddArrayQueue,               *)
(* MpUnboundedXaddArrayQueue, MpUnboundedXaddChunk, MpscUnboundedXaddChunk,*)
(* SpscArrayQueue); no code of it is copied here.                          *)
(*                                                                         *)
(* Who stores prev (soPrev, the three PrevSteps): the appender, in         *)
(* newOrPooledChunk for a chunk taken from the pool (StorePrevPooled, then *)
(* soIndex, a release: StoreIndexPooled) and in the chunk's constructor    *)
(* for a new one (StorePrevNew, then spIndex, plain: StoreIndexNew, both   *)
(* before the chunk is published by soProducerChunk and soNext); and the   *)
(* consumer, moveToNextConsumerChunk's next.soPrev(null) (ClearPrev), to   *)
(* avoid GC nepotism. Who reads it: only producerChunkForIndex, a producer *)
(* whose claimed index lies in an older chunk than the one it holds walks  *)
(* back jumpBackward links by lvPrev (LoadPrev), then stores its element   *)
(* into the chunk it reached. The consumer never reads prev.               *)
(*                                                                         *)
(* Modelled: chunk size 1 (chunk index = producer index), two producers    *)
(* (p1 offers element 1, p2 the elements 2 and 3), one consumer polling    *)
(* the three; maxPooledChunks 2 (the default): chunk object A is the       *)
(* first chunk (pooled), B waits in the pool, C is the one new chunk an    *)
(* append may construct when the pool is empty. So chunk 1 is B from the   *)
(* pool, and chunk 2 is A again if the consumer has recycled it, else the  *)
(* new C: both paths of newOrPooledChunk, and a producer may hold a stale  *)
(* reference to A (read from producerChunk while A was chunk 0) and find   *)
(* it recycled as chunk 2, then walk back from it.                         *)
(* Producer (MpscUnboundedXaddArrayQueue.offer): Xadd                      *)
(* (getAndIncrementProducerIndex), LoadPChunk, LoadIndex; if the index     *)
(* differs, producerChunkForIndex: LoadPChunkLoop when it holds no chunk,  *)
(* LoadIndexLoop, then either the walk (LoadPrev, jumpBackward times) or   *)
(* LoadPChunkIndex and, if it equals the held chunk's index,               *)
(* appendNextChunks: CasPChunkIndex (to ROTATION), per chunk PoolPoll,     *)
(* PoolTake (SpscArrayQueue.poll, abstracted below), StorePrevPooled and   *)
(* StoreIndexPooled, or StorePrevNew and StoreIndexNew, StorePChunk,       *)
(* StoreNext; then StorePChunkIndex; a failed CAS or another index drops   *)
(* the held chunk. StoreElem: soElement.                                   *)
(* Consumer (MpscUnboundedXaddArrayQueue.poll, chunk size 1 so every poll  *)
(* after the first starts a chunk): pollNextBuffer ->                      *)
(* spinForNextIfNotEmpty: LoadNext, if null LoadPIndexNext (equal to the   *)
(* consumer index: poll returns null) then SpinNext;                       *)
(* moveToNextConsumerChunk: ClearNext, ClearPrev, PoolOffer (pooled        *)
(* chunks); then LoadElem, if null LoadPIndexElem and SpinElem; ClearElem. *)
(*                                                                         *)
(* Abstracted away: the pool (freeChunksPool, an SpscArrayQueue) is a flag *)
(* per pooled chunk, offered by a release store (its soRefElement) and     *)
(* taken by a volatile load that reads it set (its lvRefElement) and a     *)
(* release store clearing it; the ring and indices of that queue are left *)
(* out (one producer, the consumer; one appender at a time, serialized by  *)
(* casProducerChunkIndex). An empty pool: the appender may find it empty   *)
(* when every flag may read clear, and then synchronizes with nothing. The *)
(* consumer's help (spinForNextIfNotEmpty may append the next chunk        *)
(* itself) is left out: it runs the same appendNextChunks as a producer.   *)
(* consumerIndex and consumerChunk are the consumer's locals (no producer  *)
(* reads them in offer); chunk buffers are one slot, their final fields    *)
(* (buffer, pooled) and the queue's (chunkMask, chunkShift,                *)
(* freeChunksPool) are written before the queue is shared. The asserts     *)
(* are properties here. Also left out: the Mpmc queue (its offer shares    *)
(* producerChunkForIndex and appendNextChunks; its consumer differs),      *)
(* chunks of more than one slot, more chunks than three, overflow,         *)
(* liveness; load buffering (Memory.tla).                                  *)
(*                                                                         *)
(* The poll contract, as in JctMpscArray.tla: PollNullOnlyWhenEmpty, an    *)
(* action property: poll returns null (spinForNextIfNotEmpty's or poll's   *)
(* lvProducerIndex equal to the consumer index: LoadPIndexNext,            *)
(* LoadPIndexElem) only when every claimed index (Xadd, the offer's        *)
(* getAndIncrementProducerIndex: "offered") has been taken by a poll that  *)
(* returned it. MpscUnboundedXaddArrayQueue.poll spins for the next chunk  *)
(* and for the element exactly to keep it (4.0.5, lines 104 to 107, 140).  *)
(*                                                                         *)
(* WeakStep/WeakMode and WeakStep2/WeakMode2 set the mode of one or two    *)
(* steps (a sibling); WeakStep "Prev" sets the three prev stores at once;  *)
(* "none" keeps the code's modes; "all" gives every step WeakMode.         *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,      \* "tso" or "weak" (Memory.tla)
    WeakStep,      \* a step of JavaMode, "Prev" (the three prev stores), "all" or "none"
    WeakMode,      \* the mode it gets
    WeakStep2,     \* a second step, or "none"
    WeakMode2

\* The access mode of each step in JCTools 4.0.5.
JavaMode == [
    Xadd             |-> "volatile", \* MpscUnboundedXaddArrayQueue.offer: getAndIncrementProducerIndex (Unsafe.getAndAddLong)
    LoadPChunk       |-> "volatile", \* MpscUnboundedXaddArrayQueue.offer: lvProducerChunk (volatile field)
    LoadIndex        |-> "volatile", \* MpscUnboundedXaddArrayQueue.offer: pChunk.lvIndex (volatile field)
    LoadPChunkLoop   |-> "volatile", \* MpUnboundedXaddArrayQueue.producerChunkForIndex: lvProducerChunk
    LoadIndexLoop    |-> "volatile", \* MpUnboundedXaddArrayQueue.producerChunkForIndex: currentChunk.lvIndex
    LoadPChunkIndex  |-> "volatile", \* MpUnboundedXaddArrayQueue.producerChunkForIndex: lvProducerChunkIndex (volatile field)
    LoadPrev         |-> "volatile", \* MpUnboundedXaddArrayQueue.producerChunkForIndex: currentChunk.lvPrev (volatile field)
    CasPChunkIndex   |-> "volatile", \* MpUnboundedXaddArrayQueue.appendNextChunks: casProducerChunkIndex (Unsafe.compareAndSwapLong)
    PoolPoll         |-> "volatile", \* newOrPooledChunk: freeChunksPool.poll, SpscArrayQueue.poll: lvRefElement (abstracted)
    PoolTake         |-> "release",  \* newOrPooledChunk: freeChunksPool.poll, SpscArrayQueue.poll: soRefElement(null) (abstracted)
    StorePrevPooled  |-> "plain",    \* MpUnboundedXaddArrayQueue.newOrPooledChunk: newChunk.soPrev (Unsafe.putObject)
    StoreIndexPooled |-> "release",  \* MpUnboundedXaddArrayQueue.newOrPooledChunk: newChunk.soIndex (Unsafe.putOrderedLong)
    StorePrevNew     |-> "plain",    \* MpUnboundedXaddChunk.<init>: soPrev (Unsafe.putObject)
    StoreIndexNew    |-> "plain",    \* MpUnboundedXaddChunk.<init>: spIndex (Unsafe.putLong)
    StorePChunk      |-> "release",  \* MpUnboundedXaddArrayQueue.appendNextChunks: soProducerChunk (Unsafe.putOrderedObject)
    StoreNext        |-> "release",  \* MpUnboundedXaddArrayQueue.appendNextChunks: currentChunk.soNext (Unsafe.putOrderedObject)
    StorePChunkIndex |-> "release",  \* MpUnboundedXaddArrayQueue.appendNextChunks: soProducerChunkIndex (Unsafe.putOrderedLong)
    StoreElem        |-> "release",  \* MpscUnboundedXaddArrayQueue.offer: pChunk.soElement (Unsafe.putOrderedObject)
    LoadNext         |-> "volatile", \* MpscUnboundedXaddArrayQueue.spinForNextIfNotEmpty: cChunk.lvNext (volatile field)
    LoadPIndexNext   |-> "volatile", \* MpscUnboundedXaddArrayQueue.spinForNextIfNotEmpty: lvProducerIndex (volatile field)
    SpinNext         |-> "volatile", \* MpscUnboundedXaddArrayQueue.spinForNextIfNotEmpty: cChunk.lvNext in the spin
    ClearNext        |-> "release",  \* MpUnboundedXaddArrayQueue.moveToNextConsumerChunk: cChunk.soNext(null)
    ClearPrev        |-> "plain",    \* MpUnboundedXaddArrayQueue.moveToNextConsumerChunk: next.soPrev(null) (Unsafe.putObject)
    PoolOffer        |-> "release",  \* moveToNextConsumerChunk: freeChunksPool.offer, SpscArrayQueue.offer: soRefElement (abstracted)
    LoadElem         |-> "volatile", \* MpscUnboundedXaddArrayQueue.poll: cChunk.lvElement (Unsafe.getObjectVolatile)
    LoadPIndexElem   |-> "volatile", \* MpscUnboundedXaddArrayQueue.poll: lvProducerIndex (volatile field)
    SpinElem         |-> "volatile", \* MpUnboundedXaddChunk.spinForElement: lvRefElement (Unsafe.getObjectVolatile)
    ClearElem        |-> "release"   \* MpscUnboundedXaddArrayQueue.poll: cChunk.soElement(null) (Unsafe.putOrderedObject)
]

PrevSteps == {"StorePrevPooled", "StorePrevNew", "ClearPrev"}

ASSUME WeakStep \in DOMAIN JavaMode \cup {"none", "all", "Prev"}
ASSUME WeakStep2 \in DOMAIN JavaMode \cup {"none"}

Mode(step) ==
    IF step = WeakStep \/ WeakStep = "all" \/ (WeakStep = "Prev" /\ step \in PrevSteps) THEN WeakMode
    ELSE IF step = WeakStep2 THEN WeakMode2
    ELSE JavaMode[step]

Producers == {"p1", "p2"}
Items == ("p1" :> <<1>>) @@ ("p2" :> <<2, 3>>)
N == 3
Consumer == "consumer"
Null == 0
NotUsed == -1          \* MpUnboundedXaddChunk.NOT_USED
Rotation == -2         \* MpUnboundedXaddArrayQueue.ROTATION
\* Chunk objects, as references: A = 1 (the first chunk, pooled), B = 2 (in the pool),
\* C = 3 (a new chunk, not pooled, constructed by an append that finds the pool empty).
A == 1
B == 2
C == 3
Chunks == {A, B, C}
Pooled == {A, B}
Name(c) == CASE c = A -> "A" [] c = B -> "B" [] OTHER -> "C"
IdxLoc(c) == "idx" \o Name(c)
PrevLoc(c) == "prev" \o Name(c)
NextLoc(c) == "next" \o Name(c)
ElemLoc(c) == "elem" \o Name(c)
PoolLoc(c) == "pool" \o Name(c)
Locs == {"pIndex", "pChunk", "pChunkIndex"}
        \cup {IdxLoc(c) : c \in Chunks} \cup {PrevLoc(c) : c \in Chunks}
        \cup {NextLoc(c) : c \in Chunks} \cup {ElemLoc(c) : c \in Chunks}
        \cup {PoolLoc(c) : c \in Pooled}
InitVal == [x \in Locs |->
              CASE x = "pChunk" -> A
                [] x = IdxLoc(B) -> NotUsed
                [] x = PoolLoc(B) -> 1
                [] OTHER -> 0]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* per producer: its next step
    k,          \* per producer: how many of its elements it offered
    r,          \* per producer: its claimed index (= its chunk index, chunk size 1)
    ch,         \* per producer: the chunk it holds (currentChunk), Null for none
    ix,         \* per producer: the index it read of that chunk
    jb,         \* per producer: links left to walk back (jumpBackward)
    ap,         \* per producer, while appending: [base, to, at, prevc, newc]
    cpc,        \* the consumer's next step
    ci,         \* the consumer's index (consumerIndex, its local)
    cc,         \* the consumer's chunk (consumerChunk, its local)
    cn,         \* the next chunk it read
    ce,         \* the element it read
    recv,       \* history: the elements poll returned, in order
    claimed,    \* history: claimed[i + 1] is the element of producer index i
    life        \* history: per chunk object, the chunk index its latest append gave it

memVars == <<mem, buf, msgs, cur, scv>>
producerVars == <<pc, k, r, ch, ix, jb, ap, claimed, life>>
consumerVars == <<cpc, ci, cc, cn, ce, recv>>
vars == <<mem, buf, msgs, cur, scv, pc, k, r, ch, ix, jb, ap, claimed, life,
          cpc, ci, cc, cn, ce, recv>>

M == INSTANCE Memory WITH Threads <- Producers \cup {Consumer}, Init <- InitVal

NoAppend == [base |-> 0, to |-> 0, at |-> 0, prevc |-> Null, newc |-> Null]

Init ==
    /\ M!MemInit
    /\ pc = [p \in Producers |-> "xadd"]
    /\ k = [p \in Producers |-> 0]
    /\ r = [p \in Producers |-> 0]
    /\ ch = [p \in Producers |-> Null]
    /\ ix = [p \in Producers |-> 0]
    /\ jb = [p \in Producers |-> 0]
    /\ ap = [p \in Producers |-> NoAppend]
    /\ cpc = "start" /\ ci = 0 /\ cc = A /\ cn = Null /\ ce = Null
    /\ recv = <<>> /\ claimed = <<>>
    /\ life = [c \in Chunks |-> IF c = A THEN 0 ELSE NotUsed]

Goto(p, l) == pc' = [pc EXCEPT ![p] = l]
Set(f, p, v) == [f EXCEPT ![p] = v]
Elem(p) == Items[p][k[p] + 1]

\* A producer step that leaves the consumer, the histories and the named locals alone.
Keep(S) == UNCHANGED consumerVars   \* S: unused

(* offer: pIndex = getAndIncrementProducerIndex() *)
Xadd(p) ==
    /\ pc[p] = "xadd" /\ k[p] < Len(Items[p])
    /\ \E v \in M!RmwReads(p, "pIndex", Mode("Xadd")) :
          /\ M!Rmw(p, "pIndex", Mode("Xadd"), v, v.val + 1)
          /\ r' = Set(r, p, v.val)
          /\ claimed' = Append(claimed, Elem(p))   \* v.val = Len(claimed): pIndex is only xadded
    /\ Goto(p, "pchunk")
    /\ UNCHANGED <<k, ch, ix, jb, ap, life>> /\ Keep(0)

(* pChunk = lvProducerChunk() *)
LoadPChunk(p) ==
    /\ pc[p] = "pchunk"
    /\ \E v \in M!Reads(p, "pChunk", Mode("LoadPChunk")) :
          /\ M!Load(p, "pChunk", Mode("LoadPChunk"), v)
          /\ ch' = Set(ch, p, v.val)
    /\ Goto(p, "index")
    /\ UNCHANGED <<k, r, ix, jb, ap, claimed, life>> /\ Keep(0)

(* pChunk.lvIndex() != piChunkIndex: producerChunkForIndex(pChunk, piChunkIndex) *)
LoadIndex(p) ==
    /\ pc[p] = "index"
    /\ \E v \in M!Reads(p, IdxLoc(ch[p]), Mode("LoadIndex")) :
          /\ M!Load(p, IdxLoc(ch[p]), Mode("LoadIndex"), v)
          /\ Goto(p, IF v.val = r[p] THEN "store" ELSE "loopindex")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed, life>> /\ Keep(0)

(* producerChunkForIndex: if (currentChunk == null) currentChunk = lvProducerChunk() *)
LoadPChunkLoop(p) ==
    /\ pc[p] = "looppchunk"
    /\ \E v \in M!Reads(p, "pChunk", Mode("LoadPChunkLoop")) :
          /\ M!Load(p, "pChunk", Mode("LoadPChunkLoop"), v)
          /\ ch' = Set(ch, p, v.val)
    /\ Goto(p, "loopindex")
    /\ UNCHANGED <<k, r, ix, jb, ap, claimed, life>> /\ Keep(0)

(* currentChunkIndex = currentChunk.lvIndex(); jumpBackward = it - required; *)
(* >= 0: walk back; else try the append                                     *)
LoadIndexLoop(p) ==
    /\ pc[p] = "loopindex"
    /\ \E v \in M!Reads(p, IdxLoc(ch[p]), Mode("LoadIndexLoop")) :
          /\ M!Load(p, IdxLoc(ch[p]), Mode("LoadIndexLoop"), v)
          /\ ix' = Set(ix, p, v.val)
          /\ IF v.val - r[p] >= 0
                THEN jb' = Set(jb, p, v.val - r[p]) /\ Goto(p, IF v.val = r[p] THEN "store" ELSE "walk")
                ELSE UNCHANGED jb /\ Goto(p, "loadpci")
    /\ UNCHANGED <<k, r, ch, ap, claimed, life>> /\ Keep(0)

(* if (lvProducerChunkIndex() == currentChunkIndex) appendNextChunks(...)  *)
(* else currentChunk = null                                                *)
LoadPChunkIndex(p) ==
    /\ pc[p] = "loadpci"
    /\ \E v \in M!Reads(p, "pChunkIndex", Mode("LoadPChunkIndex")) :
          /\ M!Load(p, "pChunkIndex", Mode("LoadPChunkIndex"), v)
          /\ IF v.val = ix[p]
                THEN Goto(p, "cas") /\ UNCHANGED ch
                ELSE Goto(p, "looppchunk") /\ ch' = Set(ch, p, Null)
    /\ UNCHANGED <<k, r, ix, jb, ap, claimed, life>> /\ Keep(0)

(* appendNextChunks: casProducerChunkIndex(currentChunkIndex, ROTATION); on *)
(* failure it returns null                                                  *)
CasPChunkIndex(p) ==
    /\ pc[p] = "cas"
    /\ \/ /\ M!CasOk(p, "pChunkIndex", Mode("CasPChunkIndex"), ix[p], Rotation)
          /\ ap' = Set(ap, p, [base |-> ix[p], to |-> r[p] - ix[p], at |-> 1,
                               prevc |-> ch[p], newc |-> Null])
          /\ Goto(p, "poolpoll")
          /\ UNCHANGED ch
       \/ /\ M!CasFails(p, "pChunkIndex", Mode("CasPChunkIndex"), ix[p])
          /\ Goto(p, "looppchunk") /\ ch' = Set(ch, p, Null)
          /\ UNCHANGED ap
    /\ UNCHANGED <<k, r, ix, jb, claimed, life>> /\ Keep(0)

(* newOrPooledChunk: freeChunksPool.poll(): a pooled chunk whose flag it reads *)
(* set, or an empty pool (every flag may read clear): a new chunk, C           *)
PoolPoll(p) ==
    /\ pc[p] = "poolpoll"
    /\ \/ \E c \in Pooled :
            \E v \in M!Reads(p, PoolLoc(c), Mode("PoolPoll")) :
               /\ v.val = 1
               /\ M!Load(p, PoolLoc(c), Mode("PoolPoll"), v)
               /\ ap' = Set(ap, p, [ap[p] EXCEPT !.newc = c])
               /\ Goto(p, "pooltake")
       \/ /\ \A c \in Pooled : \E v \in M!Reads(p, PoolLoc(c), Mode("PoolPoll")) : v.val = 0
          /\ ap' = Set(ap, p, [ap[p] EXCEPT !.newc = C])
          /\ Goto(p, "prevnew")
          /\ UNCHANGED memVars
    /\ UNCHANGED <<k, r, ch, ix, jb, claimed, life>> /\ Keep(0)

PoolTake(p) ==
    /\ pc[p] = "pooltake"
    /\ M!Store(p, PoolLoc(ap[p].newc), Mode("PoolTake"), 0)
    /\ Goto(p, "prevpooled")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed, life>> /\ Keep(0)

(* pooled: newChunk.soPrev(prevChunk); newChunk.soIndex(nextChunkIndex) *)
StorePrevPooled(p) ==
    /\ pc[p] = "prevpooled"
    /\ M!Store(p, PrevLoc(ap[p].newc), Mode("StorePrevPooled"), ap[p].prevc)
    /\ Goto(p, "indexpooled")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed, life>> /\ Keep(0)

StoreIndexPooled(p) ==
    /\ pc[p] = "indexpooled"
    /\ M!Store(p, IdxLoc(ap[p].newc), Mode("StoreIndexPooled"), ap[p].base + ap[p].at)
    /\ life' = [life EXCEPT ![ap[p].newc] = ap[p].base + ap[p].at]
    /\ Goto(p, "pchunkstore")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed>> /\ Keep(0)

(* new: the constructor's soPrev(prev); spIndex(index) *)
StorePrevNew(p) ==
    /\ pc[p] = "prevnew"
    /\ M!Store(p, PrevLoc(C), Mode("StorePrevNew"), ap[p].prevc)
    /\ Goto(p, "indexnew")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed, life>> /\ Keep(0)

StoreIndexNew(p) ==
    /\ pc[p] = "indexnew"
    /\ M!Store(p, IdxLoc(C), Mode("StoreIndexNew"), ap[p].base + ap[p].at)
    /\ life' = [life EXCEPT ![C] = ap[p].base + ap[p].at]
    /\ Goto(p, "pchunkstore")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed>> /\ Keep(0)

(* soProducerChunk(newChunk) *)
StorePChunk(p) ==
    /\ pc[p] = "pchunkstore"
    /\ M!Store(p, "pChunk", Mode("StorePChunk"), ap[p].newc)
    /\ Goto(p, "nextstore")
    /\ UNCHANGED <<k, r, ch, ix, jb, ap, claimed, life>> /\ Keep(0)

(* currentChunk.soNext(newChunk); currentChunk = newChunk; next i, or *)
(* soProducerChunkIndex                                                *)
StoreNext(p) ==
    /\ pc[p] = "nextstore"
    /\ M!Store(p, NextLoc(ap[p].prevc), Mode("StoreNext"), ap[p].newc)
    /\ IF ap[p].at < ap[p].to
          THEN ap' = Set(ap, p, [ap[p] EXCEPT !.at = @ + 1, !.prevc = ap[p].newc, !.newc = Null])
               /\ Goto(p, "poolpoll")
          ELSE ap' = Set(ap, p, [ap[p] EXCEPT !.prevc = ap[p].newc])
               /\ Goto(p, "pcistore")
    /\ UNCHANGED <<k, r, ch, ix, jb, claimed, life>> /\ Keep(0)

(* soProducerChunkIndex(currentChunkIndex + chunksToAppend); return the last *)
(* appended chunk, which producerChunkForIndex reads the index of again      *)
StorePChunkIndex(p) ==
    /\ pc[p] = "pcistore"
    /\ M!Store(p, "pChunkIndex", Mode("StorePChunkIndex"), ap[p].base + ap[p].to)
    /\ ch' = Set(ch, p, ap[p].prevc)
    /\ ap' = Set(ap, p, NoAppend)
    /\ Goto(p, "loopindex")
    /\ UNCHANGED <<k, r, ix, jb, claimed, life>> /\ Keep(0)

(* the walk: currentChunk = currentChunk.lvPrev(), jumpBackward times *)
LoadPrev(p) ==
    /\ pc[p] = "walk"
    /\ \E v \in M!Reads(p, PrevLoc(ch[p]), Mode("LoadPrev")) :
          /\ M!Load(p, PrevLoc(ch[p]), Mode("LoadPrev"), v)
          /\ ch' = Set(ch, p, v.val)
          /\ jb' = Set(jb, p, jb[p] - 1)
          /\ Goto(p, IF v.val = Null THEN "npe" ELSE IF jb[p] = 1 THEN "store" ELSE "walk")
    /\ UNCHANGED <<k, r, ix, ap, claimed, life>> /\ Keep(0)

(* pChunk.soElement(piChunkOffset, e) *)
StoreElem(p) ==
    /\ pc[p] = "store"
    /\ M!Store(p, ElemLoc(ch[p]), Mode("StoreElem"), Elem(p))
    /\ k' = Set(k, p, k[p] + 1)
    /\ ch' = Set(ch, p, Null) /\ ix' = Set(ix, p, 0) /\ r' = Set(r, p, 0)
    /\ Goto(p, "xadd")
    /\ UNCHANGED <<jb, ap, claimed, life>> /\ Keep(0)

-----------------------------------------------------------------------------
(* The consumer. poll of index 0 starts in chunk A; every later poll starts a *)
(* chunk (chunk size 1): pollNextBuffer first.                              *)
CKeep == UNCHANGED producerVars

(* spinForNextIfNotEmpty: next = cChunk.lvNext() *)
LoadNext ==
    /\ cpc = "start" /\ Len(recv) < N
    /\ IF ci = 0
          THEN cpc' = "elem" /\ UNCHANGED <<memVars, cn>>
          ELSE \E v \in M!Reads(Consumer, NextLoc(cc), Mode("LoadNext")) :
                  /\ M!Load(Consumer, NextLoc(cc), Mode("LoadNext"), v)
                  /\ cn' = v.val
                  /\ cpc' = IF v.val = Null THEN "pinext" ELSE "clearnext"
    /\ UNCHANGED <<ci, cc, ce, recv>> /\ CKeep

(* next == null: lvProducerIndex() == cIndex: poll returns null; else spin *)
LoadPIndexNext ==
    /\ cpc = "pinext"
    /\ \E v \in M!Reads(Consumer, "pIndex", Mode("LoadPIndexNext")) :
          /\ M!Load(Consumer, "pIndex", Mode("LoadPIndexNext"), v)
          /\ cpc' = IF v.val = ci THEN "start" ELSE "spinnext"
    /\ UNCHANGED <<ci, cc, cn, ce, recv>> /\ CKeep

SpinNext ==
    /\ cpc = "spinnext"
    /\ \E v \in M!Reads(Consumer, NextLoc(cc), Mode("SpinNext")) :
          /\ M!Load(Consumer, NextLoc(cc), Mode("SpinNext"), v)
          /\ cn' = v.val
          /\ cpc' = IF v.val = Null THEN "spinnext" ELSE "clearnext"
    /\ UNCHANGED <<ci, cc, ce, recv>> /\ CKeep

(* moveToNextConsumerChunk: cChunk.soNext(null); next.soPrev(null); pool *)
ClearNext ==
    /\ cpc = "clearnext"
    /\ M!Store(Consumer, NextLoc(cc), Mode("ClearNext"), Null)
    /\ cpc' = "clearprev"
    /\ UNCHANGED <<ci, cc, cn, ce, recv>> /\ CKeep

ClearPrev ==
    /\ cpc = "clearprev"
    /\ M!Store(Consumer, PrevLoc(cn), Mode("ClearPrev"), Null)
    /\ cpc' = IF cc \in Pooled THEN "pooloffer" ELSE "elem"
    /\ cc' = IF cc \in Pooled THEN cc ELSE cn
    /\ UNCHANGED <<ci, cn, ce, recv>> /\ CKeep

(* freeChunksPool.offer(cChunk); soConsumerChunk(next) *)
PoolOffer ==
    /\ cpc = "pooloffer"
    /\ M!Store(Consumer, PoolLoc(cc), Mode("PoolOffer"), 1)
    /\ cpc' = "elem" /\ cc' = cn
    /\ UNCHANGED <<ci, cn, ce, recv>> /\ CKeep

(* e = cChunk.lvElement(offset) *)
LoadElem ==
    /\ cpc = "elem"
    /\ \E v \in M!Reads(Consumer, ElemLoc(cc), Mode("LoadElem")) :
          /\ M!Load(Consumer, ElemLoc(cc), Mode("LoadElem"), v)
          /\ ce' = v.val
          /\ cpc' = IF v.val = Null THEN "pielem" ELSE "clearelem"
    /\ UNCHANGED <<ci, cc, cn, recv>> /\ CKeep

(* e == null: lvProducerIndex() == cIndex: return null; else spinForElement.  *)
(* A poll that returns null here after moving to a new chunk leaves the next  *)
(* poll to start with pollNextBuffer on that chunk, as the Java does; the     *)
(* code's modes never get here (the move means the index was claimed).        *)
LoadPIndexElem ==
    /\ cpc = "pielem"
    /\ \E v \in M!Reads(Consumer, "pIndex", Mode("LoadPIndexElem")) :
          /\ M!Load(Consumer, "pIndex", Mode("LoadPIndexElem"), v)
          /\ cpc' = IF v.val = ci THEN "start" ELSE "spinelem"
    /\ UNCHANGED <<ci, cc, cn, ce, recv>> /\ CKeep

SpinElem ==
    /\ cpc = "spinelem"
    /\ \E v \in M!Reads(Consumer, ElemLoc(cc), Mode("SpinElem")) :
          /\ M!Load(Consumer, ElemLoc(cc), Mode("SpinElem"), v)
          /\ ce' = v.val
          /\ cpc' = IF v.val = Null THEN "spinelem" ELSE "clearelem"
    /\ UNCHANGED <<ci, cc, cn, recv>> /\ CKeep

(* cChunk.soElement(offset, null); soConsumerIndex(cIndex + 1); return e *)
ClearElem ==
    /\ cpc = "clearelem"
    /\ M!Store(Consumer, ElemLoc(cc), Mode("ClearElem"), Null)
    /\ recv' = Append(recv, ce)
    /\ ci' = ci + 1 /\ ce' = Null /\ cn' = Null
    /\ cpc' = "start"
    /\ UNCHANGED <<cc>> /\ CKeep

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, k, r, ch, ix, jb, ap, claimed, life,
                                      cpc, ci, cc, cn, ce, recv>>

Done == /\ \A p \in Producers : pc[p] = "xadd" /\ k[p] = Len(Items[p])
        /\ Len(recv) = N /\ M!Quiescent

Producer(p) ==
    \/ Xadd(p) \/ LoadPChunk(p) \/ LoadIndex(p) \/ LoadPChunkLoop(p) \/ LoadIndexLoop(p)
    \/ LoadPChunkIndex(p) \/ CasPChunkIndex(p) \/ PoolPoll(p) \/ PoolTake(p)
    \/ StorePrevPooled(p) \/ StoreIndexPooled(p) \/ StorePrevNew(p) \/ StoreIndexNew(p)
    \/ StorePChunk(p) \/ StoreNext(p) \/ StorePChunkIndex(p) \/ LoadPrev(p) \/ StoreElem(p)

Next ==
    \/ \E p \in Producers : Producer(p)
    \/ LoadNext \/ LoadPIndexNext \/ SpinNext \/ ClearNext \/ ClearPrev \/ PoolOffer
    \/ LoadElem \/ LoadPIndexElem \/ SpinElem \/ ClearElem
    \/ \E t \in Producers \cup {Consumer} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
(* Safety properties, under either strength. *)

TypeOK == M!MemTypeOK

\* producerChunkForIndex's "prev cannot be null": a walk never reads a null prev.
WalkNeverNull == \A p \in Producers : pc[p] # "npe"

\* producerChunkForIndex's assert: the chunk a producer stores its element into has,
\* in its current life, the producer's chunk index (not a chunk of another index, not
\* a recycled one).
ElementInItsChunk == \A p \in Producers : pc[p] = "store" => life[ch[p]] = r[p]

\* The consumer gets the elements in producer-index order, each once: never a stale
\* element of a recycled chunk, no duplicate, no gap.
ConsumedInOrder == \A i \in 1 .. Len(recv) : i <= Len(claimed) /\ recv[i] = claimed[i]

\* poll returns null only when no element was offered and not yet taken: at the step
\* where poll returns null (its lvProducerIndex equal to the consumer index, after a
\* null next chunk or a null element), every claimed index has been taken.
PollNullOnlyWhenEmpty ==
    [][(cpc \in {"pinext", "pielem"} /\ cpc' = "start") => Len(claimed) = Len(recv)]_vars
=============================================================================
