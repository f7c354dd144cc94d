------------------------- MODULE ReaderWriterQueue171 -------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: cameron314/readerwriterqueue*)
(* issue #171 (2026: size_approx() dereferenced a null block on AArch64,   *)
(* SIGSEGV in the unit tests), fixed by pull request #172 (merged).        *)
(* Written from a reading of readerwriterqueue.h and atomicops.h at commit *)
(* 131af2c (the stored copy, before the fix) and of the issue's and the    *)
(* pull request's descriptions; no code of it is copied here.              *)
(*                                                                         *)
(* ReaderWriterQueue is a single-producer single-consumer queue made of a  *)
(* circular list of blocks; Block::next is a weak_atomic (every load and   *)
(* store of it is relaxed). When the tail block is full and the block     *)
(* after it is the front block, inner_enqueue<CanAlloc> makes a new block  *)
(* (its constructor sets next to null), stores into the new block's next   *)
(* the old tail block's next, links the new block in by storing it into    *)
(* the old tail block's next, then issues a release fence and stores       *)
(* tailBlock. size_approx(), which either thread may call, loads           *)
(* frontBlock and walks the circle: each turn issues an acquire fence,     *)
(* reads the block's front and tail, and loads its next, until it is back  *)
(* at the front block. Before the fix nothing releases the link store: a   *)
(* walker can load the new block from the old tail's next and then read    *)
(* the new block's next as the constructor's null, and dereferences it.    *)
(* The pull request moves the release fence so that it precedes the link   *)
(* store as well.                                                          *)
(*                                                                         *)
(* The layer has no fences. The model gives each access the mode the       *)
(* fences give it here: the walker's relaxed load of next, followed (at    *)
(* the top of the next turn, before any load of the block it leads to) by  *)
(* an acquire fence, is an acquire load; a relaxed store preceded by a     *)
(* release fence (and nothing else of the thread between them that the     *)
(* walker reads) is a release store; the relaxed link store with no fence  *)
(* since the new block's next was written is opaque (C11 relaxed).         *)
(*                                                                         *)
(* Modelled: the queue with its one initial block B0 (next = B0), the      *)
(* producer's one allocation of a block B1 (its three stores), and a       *)
(* walker calling size_approx() once. Abstracted: the elements and the     *)
(* blocks' front/tail counts (size_approx's sum), the consumer's dequeues  *)
(* (frontBlock stays B0), the free-block branch of inner_enqueue, memory   *)
(* reuse, the construction's own stores (B1's null next is the location's  *)
(* initial value, which the walker may read: in C++ the walker could read  *)
(* even less defined memory).                                              *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before" (commit 131af2c) or "fixed" (pull request #172)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "fixed"}

NULL == 0
B0 == 1     \* the initial block, the front block throughout
B1 == 2     \* the block the producer allocates
Prod == "producer"
Walk == "walker"

NextLoc(b) == IF b = B0 THEN "next0" ELSE "next1"
Locs == {"next0", "next1", "tailBlock"}

\* The mode of each step.
Mode == [
    InitNext  |-> "opaque",     \* inner_enqueue: newBlock->next = tailBlock_->next.load(), relaxed store
    Link      |-> IF Version = "before" THEN "opaque" ELSE "release",
                                \* inner_enqueue: tailBlock_->next = newBlock, relaxed; the fix puts
                                \* fence(memory_order_release) before it
    StoreTail |-> "release",    \* inner_enqueue: fence(memory_order_release); tailBlock = newBlock
    LoadNext  |-> "acquire"     \* size_approx: block->next.load() (relaxed), then the next turn's
                                \* fence(memory_order_acquire) before the block is read
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    ppc,        \* the producer's next step
    wpc,        \* the walker's next step
    block,      \* the block the walker is at (NULL: it dereferences null)
    visited     \* history: the blocks the walker has been at, in order

vars == <<mem, buf, msgs, cur, scv, ppc, wpc, block, visited>>

M == INSTANCE Memory WITH Threads <- {Prod, Walk},
                          Init <- [x \in Locs |-> CASE x = "next0" -> B0
                                                    [] x = "next1" -> NULL
                                                    [] OTHER -> B0]

Init ==
    /\ M!MemInit
    /\ ppc = "initnext" /\ wpc = "loadnext" /\ block = B0 /\ visited = <<B0>>

(* inner_enqueue, CanAlloc branch, after make_block(B1): B1's next takes   *)
(* the old tail block's next (the producer is next0's only writer: B0)     *)
InitNext ==
    /\ ppc = "initnext"
    /\ M!Store(Prod, "next1", Mode.InitNext, B0)
    /\ ppc' = "link"
    /\ UNCHANGED <<wpc, block, visited>>

Link ==
    /\ ppc = "link"
    /\ M!Store(Prod, "next0", Mode.Link, B1)
    /\ ppc' = "storetail"
    /\ UNCHANGED <<wpc, block, visited>>

StoreTail ==
    /\ ppc = "storetail"
    /\ M!Store(Prod, "tailBlock", Mode.StoreTail, B1)
    /\ ppc' = "done"
    /\ UNCHANGED <<wpc, block, visited>>

(* size_approx: one turn of the walk; back at frontBlock (B0) it is done *)
LoadNext ==
    /\ wpc = "loadnext"
    /\ \E r \in M!Reads(Walk, NextLoc(block), Mode.LoadNext) :
          /\ M!Load(Walk, NextLoc(block), Mode.LoadNext, r)
          /\ block' = r.val
          /\ visited' = Append(visited, r.val)
          /\ wpc' = IF r.val = B0 \/ r.val = NULL THEN "done" ELSE "loadnext"
    /\ UNCHANGED ppc

Flush(t) == M!Flush(t) /\ UNCHANGED <<ppc, wpc, block, visited>>

Done == ppc = "done" /\ wpc = "done" /\ M!Quiescent

Step ==
    \/ InitNext \/ Link \/ StoreTail \/ LoadNext
    \/ \E t \in {Prod, Walk} : Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Step]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* size_approx never reaches a null block (the issue's SIGSEGV).
NoNullBlock == block # NULL

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The walker goes through the new block and back to the front: the link store was read.
Witness_WalksNewBlock == Witness("WalksNewBlock", visited = <<B0, B1, B0>>)
=============================================================================
