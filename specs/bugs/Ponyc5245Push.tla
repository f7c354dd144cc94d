--------------------------- MODULE Ponyc5245Push ---------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer, by the C11 rules: two       *)
(* concurrent pushes onto one ponyc actor message queue, before ponylang/  *)
(* ponyc pull request #5245 (merged 2026-04-21, commit 29357d771). It is   *)
(* NOT the aarch64 crash that the pull request was written for (#5243):    *)
(* on ARMv8 hardware the cut below cannot happen (see the end of this      *)
(* comment), and no crash has been traced to it. Written from              *)
(* src/libponyrt/actor/messageq.c at 29357d771's parent, at 29357d771, and *)
(* at pull request #2174's commit 78fd76eb1 (2017) and its parent; no code *)
(* is copied here.                                                         *)
(*                                                                         *)
(* messageq_push (many senders, one consumer) stores NULL into the new     *)
(* node's next (relaxed: the node comes from a pool, its next holds an     *)
(* older value), exchanges the queue's head for the node (prev := the old  *)
(* head) and stores the node into prev->next. Three versions:              *)
(*  "noFence"  before #2174: exchange relaxed, prev->next stored release.  *)
(*  "fence"    #2174 to #5245: a release fence before the exchange, the    *)
(*             exchange relaxed, prev->next stored relaxed (after the      *)
(*             fence: a release store for what precedes the fence). #2174  *)
(*             added the fence for exactly this race ("the store to        *)
(*             m->next above could be reordered after the exchange on the  *)
(*             head and after the store to prev->next done by the next     *)
(*             push").                                                     *)
(*  "acqRel"   #5245: the exchange acq_rel, prev->next stored release.     *)
(*  "acquireOnly"  not upstream: the exchange acquire only (it releases    *)
(*             nothing), prev->next stored release: rejected too.          *)
(* The race: sender A pushes node A, sender B pushes node B right after,   *)
(* so B's exchange returns A and B stores B into A's next, while A's own   *)
(* NULL store into A's next is a write to the same location. Under C11 the *)
(* two writes are ordered in modification order only by happens-before,    *)
(* and before #5245 nothing makes A's NULL store happen before B's link    *)
(* store: A's release fence (or none) pairs with nothing on B's side (B's  *)
(* exchange is relaxed and no acquire fence follows it). So A's NULL can   *)
(* come last in A's next: the link to B is cut, every later read of A's    *)
(* next returns NULL, the queue looks empty at A and B's message is never  *)
(* popped. With the exchange acq_rel, B's exchange reads A's, which        *)
(* releases A's NULL store: it happens before B's link store, which comes  *)
(* after it in modification order.                                         *)
(*                                                                         *)
(* In the layer: C11 relaxed stores are opaque stores; a relaxed exchange  *)
(* is a "plain" RMW (its read coherent, no ordering); a release fence      *)
(* before a relaxed exchange makes it a release RMW (what the fence gives  *)
(* that exchange); acq_rel is modelled by a volatile RMW, the layer's only *)
(* RMW that both acquires and releases (it is also in the synchronization  *)
(* order, which acq_rel is not: the acceptance needs only its acquire and  *)
(* release halves, since a release or an acquire RMW alone is rejected).   *)
(* A store may take any free place in a location's modification order      *)
(* after its writer's coherence view (2+2W), which is how the layer shows  *)
(* the cut.                                                                *)
(*                                                                         *)
(* Why not on hardware: on ARMv8, B's store to A's next is address-        *)
(* dependent on B's exchange, which read A's exchange, which the release   *)
(* fence (a dmb) orders after A's NULL store; ARMv8 orders these, and x86  *)
(* orders every store after older ones. The bug is one of the C11 (and     *)
(* compiler) contract, which the layer checks, as #2174's own comment      *)
(* describes it; #2174 notes that no case was reported.                    *)
(*                                                                         *)
(* Modelled: the queue's stub node (its next NULL), two senders pushing    *)
(* one single-message batch each (first = last). Abstracted: the consumer  *)
(* (the property is about what every later read of A's next returns: the   *)
(* last write in modification order), the mark bit of head (the empty      *)
(* flag: it changes no ordering), messageq_push_single, the scheduler's    *)
(* mpmcq (same pattern), the messages' payloads.                           *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "noFence", "fence", "acqRel" or "acquireOnly" (see above)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"noFence", "fence", "acqRel", "acquireOnly"}

NULL == 0
STUB == 3       \* the queue's stub node; node a is 1, node b is 2
JUNK == 9       \* what a pooled node's next held before its push initialises it
Senders == {"a", "b"}
Node(s) == IF s = "a" THEN 1 ELSE 2
Sender(n) == IF n = 1 THEN "a" ELSE "b"
NextLoc(n) == CASE n = 1 -> "next1" [] n = 2 -> "next2" [] OTHER -> "nextStub"
Locs == {"head", "next1", "next2", "nextStub"}

\* The mode of each step.
Mode == [
    InitNext |-> "opaque",                     \* last->next = NULL, relaxed
    Exchange |-> (CASE Version = "noFence" -> "plain"   \* exchange(&q->head, last), relaxed
                [] Version = "fence"   -> "release"     \* release fence; relaxed exchange
                [] Version = "acquireOnly" -> "acquire" \* not upstream: the acquiring half alone
                [] OTHER               -> "volatile"),  \* acq_rel
    Link     |-> "release"   \* prev->next = first: release (noFence, acqRel), or relaxed
                             \* after the release fence (fence)
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* each sender's next step
    prev        \* the node each sender's exchange returned (0 before it)

vars == <<mem, buf, msgs, cur, scv, pc, prev>>

M == INSTANCE Memory WITH Threads <- Senders,
        Init <- [x \in Locs |-> CASE x = "head" -> STUB
                                  [] x = "nextStub" -> NULL
                                  [] OTHER -> JUNK]

Init == M!MemInit /\ pc = [s \in Senders |-> "initnext"] /\ prev = [s \in Senders |-> 0]

InitNext(s) ==
    /\ pc[s] = "initnext"
    /\ M!Store(s, NextLoc(Node(s)), Mode.InitNext, NULL)
    /\ pc' = [pc EXCEPT ![s] = "exchange"]
    /\ UNCHANGED prev

Exchange(s) ==
    /\ pc[s] = "exchange"
    /\ \E r \in M!RmwReads(s, "head", Mode.Exchange) :
          /\ M!Rmw(s, "head", Mode.Exchange, r, Node(s))
          /\ prev' = [prev EXCEPT ![s] = r.val]
    /\ pc' = [pc EXCEPT ![s] = "link"]

Link(s) ==
    /\ pc[s] = "link"
    /\ M!Store(s, NextLoc(prev[s]), Mode.Link, Node(s))
    /\ pc' = [pc EXCEPT ![s] = "done"]
    /\ UNCHANGED prev

Flush(s) == M!Flush(s) /\ UNCHANGED <<pc, prev>>

Done == (\A s \in Senders : pc[s] = "done") /\ M!Quiescent

Next ==
    \/ \E s \in Senders : InitNext(s) \/ Exchange(s) \/ Link(s) \/ Flush(s)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* Every link a finished push made holds: once a sender s and the sender of the node its
\* exchange returned are both done (and no store is on its way), the last write of that
\* node's next in modification order is s's node, so every later read of it returns s's
\* node, never the NULL that cuts the queue.
LinkKept ==
    \A s \in Senders :
        (/\ prev[s] \in {1, 2} /\ pc[s] = "done" /\ pc[Sender(prev[s])] = "done"
         /\ M!Quiescent)
        => M!Final(NextLoc(prev[s])) = Node(s)

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* The pushes overlap: a sender linked its node after the other's node while the other had
\* not yet linked its own node into the queue (it is between its exchange and its link).
Witness_LinksBeforeOther ==
    Witness("LinksBeforeOther",
        \E s \in Senders : prev[s] \in {1, 2} /\ pc[s] = "done" /\ pc[Sender(prev[s])] = "link")
=============================================================================
