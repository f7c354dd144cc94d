----------------------- MODULE AgronaRingMemoryWitnesses -----------------------
(***************************************************************************)
(* Witnesses of AgronaRingMemory.tla, in the style of                      *)
(* DisruptorMemoryWitnesses.tla: each an invariant saying a path of        *)
(* OneToOneRingBuffer never happens, which a witness run must violate      *)
(* (manifest: "expect": {"result": "reachable"}), so that a config that no *)
(* longer reaches the path (no wrap, no full buffer, no early claim) fails *)
(* the build. Reach selects the witness one run must reach; the others     *)
(* hold trivially. The models themselves set Reach to "none".              *)
(***************************************************************************)
EXTENDS AgronaRingMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The record after a padding: the consumer has skipped the padding at the buffer's end
\* and the handler got the record written at unit 0.
Witness_WrapWithPadding ==
    Witness("WrapWithPadding", \E k \in Msgs : PadLen(k) > 0 /\ Len(recv) > k)

\* The consumer's length load may return a claim (a negative length) of a record whose
\* commit has not happened: it would stop there (read's recordLength <= 0 break).
Witness_ClaimSeen ==
    Witness("ClaimSeen",
        /\ cpc = "len"
        /\ CPos \notin committed
        /\ \E r \in M!Reads(Consumer, LenLoc(CIdx), Mode("LoadLength")) : r.val < 0)

\* The buffer is full: claimCapacity's refreshed head leaves too little room, whatever
\* value of the head it may read (INSUFFICIENT_CAPACITY, write returns false).
Witness_BufferFull ==
    Witness("BufferFull",
        /\ pc = "head"
        /\ \A r \in M!Reads(Producer, "head", Mode("LoadHead")) :
              Required(pk) > Capacity - (ptail - r.val))

\* The wrap's own INSUFFICIENT_CAPACITY: the padding is written, the tail moved past it
\* only, and the record retried at unit 0.
Witness_FullAtWrap ==
    Witness("FullAtWrap", pc = "padclaim" /\ pidx = -1)

\* The wrap's own head check: the head's index is below the room the record needs at unit 0,
\* the head is loaded again (the second getLongVolatile of claimCapacity).
Witness_WrapHeadCheck ==
    Witness("WrapHeadCheck", pc = "headwrap")

\* The head cache is refreshed: claimCapacity stores a head newer than the cache it loaded.
Witness_HeadCacheRefresh ==
    Witness("HeadCacheRefresh", pc \in {"storecache", "storecache2"} /\ phead > pcache)

\* The record fits the buffer's end exactly (no padding; unit 0 pre-zeroed).
Witness_ExactFit ==
    Witness("ExactFit", pc = "zero0")

\* The consumer reads a header that held another lap's payload: the pre-zero is what
\* it must see there (a record after a record whose unit was a payload unit before).
Witness_ReadsOverPayload ==
    Witness("ReadsOverPayload",
        /\ cpc = "len"
        /\ CPos >= Capacity
        /\ \E k \in Msgs : RecAt(k) < CPos - Capacity /\ CPos - Capacity < RecAt(k) + Sz(k))
=============================================================================
