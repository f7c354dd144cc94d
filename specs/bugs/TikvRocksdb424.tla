--------------------------- MODULE TikvRocksdb424 ---------------------------
(***************************************************************************)
(* A real ordering bug under the memory layer: the lazily built memtable   *)
(* bloom filter of TiKV's RocksDB fork, published through a relaxed atomic *)
(* pointer (tikv/tikv issue #19106, 2025: TiKV crashed on arm64 inside     *)
(* DynamicBloom::AddHashConcurrently, reading through an uninitialised     *)
(* data_ pointer), fixed by tikv/rocksdb pull request #424 (merged):       *)
(* release on the pointer's store, acquire on its load. Written from       *)
(* db/memtable.h (MemTable::GetBloomFilter), util/dynamic_bloom.cc and     *)
(* util/mutexlock.h (SpinMutex) at commit e623d2e1 of the stored copy of   *)
(* tikv/rocksdb (October 2024, before the fix), and the pull request's     *)
(* description; no code is copied here.                                    *)
(*                                                                         *)
(* GetBloomFilter: load bloom_filter_ptr_ (relaxed before the fix); if it  *)
(* is null, take a SpinMutex (an acquire CAS; unlock is a release store),  *)
(* and if bloom_filter_ (a unique_ptr, a plain field under the mutex) is   *)
(* empty, construct a DynamicBloom (its constructor writes data_, a plain  *)
(* field, to freshly zeroed arena memory) and reset bloom_filter_ to it;   *)
(* then store the pointer into bloom_filter_ptr_ (relaxed before the fix)  *)
(* and unlock. The caller then uses the filter: AddHashConcurrently and    *)
(* MayContain read data_ (plain) and index through it. A thread on the     *)
(* fast path that reads the pointer relaxed synchronizes with nothing: it  *)
(* may read data_ as it was before the constructor ran.                    *)
(*                                                                         *)
(* Versions (Version): "before" (pointer stored and loaded relaxed),       *)
(* "storeRelease" (stored with release, loaded relaxed: not upstream; it   *)
(* shows that the load side is needed too) and "fixed" (#424: release      *)
(* store, acquire load). C++'s relaxed atomics are the layer's opaque      *)
(* accesses, the plain fields plain, the SpinMutex's CAS an acquire RMW    *)
(* and its unlock a release store. On ARMv8 hardware the fast path's read  *)
(* of data_ is address-dependent on the pointer it loaded, which orders    *)
(* the two loads: the crash on arm64 is the store side (the pointer store  *)
(* overtaking the constructor's); the load side is the C++ model's (no     *)
(* memory_order_consume in practice: the compiler may break the            *)
(* dependency), which the layer checks.                                    *)
(*                                                                         *)
(* Modelled: two threads, each calling GetBloomFilter once and then        *)
(* reading data_. Abstracted: the filter's bits (zeroed by the             *)
(* constructor's memset: the same publication as data_), the hashing,      *)
(* kLen and the other constructor fields (written with data_, the same     *)
(* way), the arena, the memtable around it.                                *)
(***************************************************************************)
EXTENDS Integers, Sequences, FiniteSets, TLC

CONSTANTS
    Strength,   \* "tso" or "weak" (Memory.tla)
    Version,    \* "before", "storeRelease" or "fixed" (see above)
    Reach       \* the witness a run must reach (Witness_*), or "none"

ASSUME Version \in {"before", "storeRelease", "fixed"}

NULL == 0
FILTER == 1     \* the DynamicBloom, once built
JUNK == 7       \* data_ before the constructor wrote it (arena memory)
DATA == 5       \* data_ as the constructor wrote it
Threads == {"t1", "t2"}
Locs == {"ptr", "uniq", "mutex", "data"}

\* The mode of each step.
Mode == [
    LoadPtr   |-> IF Version = "fixed" THEN "acquire" ELSE "opaque",   \* bloom_filter_ptr_.load
    Lock      |-> "acquire",    \* SpinMutex::try_lock: compare_exchange_weak, acquire
    ReadUniq  |-> "plain",      \* if (bloom_filter_ == nullptr), under the mutex
    Construct |-> "plain",      \* new DynamicBloom(...): data_ = ...
    Reset     |-> "plain",      \* bloom_filter_.reset(...)
    StorePtr  |-> IF Version = "before" THEN "opaque" ELSE "release",  \* bloom_filter_ptr_.store
    Unlock    |-> "release",    \* SpinMutex::unlock
    Use       |-> "plain"       \* the caller reads ptr->data_
]

VARIABLES
    mem, buf, msgs, cur, scv,   \* the memory layer's state
    pc,         \* each thread's next step
    got,        \* the filter pointer each thread's GetBloomFilter returns (NULL before)
    fast,       \* history: the thread took the fast path (a non-null pointer, no mutex)
    seen        \* the data_ each thread read through its pointer (NULL before)

vars == <<mem, buf, msgs, cur, scv, pc, got, fast, seen>>

M == INSTANCE Memory WITH Threads <- Threads,
        Init <- [x \in Locs |-> IF x = "data" THEN JUNK ELSE NULL]

Init ==
    /\ M!MemInit
    /\ pc = [t \in Threads |-> "loadptr"] /\ got = [t \in Threads |-> NULL]
    /\ fast = [t \in Threads |-> FALSE] /\ seen = [t \in Threads |-> NULL]

Go(t, step) == pc' = [pc EXCEPT ![t] = step]

LoadPtr(t) ==
    /\ pc[t] = "loadptr"
    /\ \E r \in M!Reads(t, "ptr", Mode.LoadPtr) :
          /\ M!Load(t, "ptr", Mode.LoadPtr, r)
          /\ IF r.val # NULL
                THEN Go(t, "use") /\ got' = [got EXCEPT ![t] = r.val]
                     /\ fast' = [fast EXCEPT ![t] = TRUE]
                ELSE Go(t, "lock") /\ UNCHANGED <<got, fast>>
    /\ UNCHANGED seen

Lock(t) ==
    /\ pc[t] = "lock"
    /\ M!CasOk(t, "mutex", Mode.Lock, 0, 1)
    /\ Go(t, "readuniq")
    /\ UNCHANGED <<got, fast, seen>>

ReadUniq(t) ==
    /\ pc[t] = "readuniq"
    /\ \E r \in M!Reads(t, "uniq", Mode.ReadUniq) :
          /\ M!Load(t, "uniq", Mode.ReadUniq, r)
          /\ IF r.val = NULL THEN Go(t, "construct") ELSE Go(t, "storeptr")
    /\ UNCHANGED <<got, fast, seen>>

Construct(t) ==
    /\ pc[t] = "construct"
    /\ M!Store(t, "data", Mode.Construct, DATA)
    /\ Go(t, "reset")
    /\ UNCHANGED <<got, fast, seen>>

Reset(t) ==
    /\ pc[t] = "reset"
    /\ M!Store(t, "uniq", Mode.Reset, FILTER)
    /\ Go(t, "storeptr")
    /\ UNCHANGED <<got, fast, seen>>

(* ptr = bloom_filter_.get(); bloom_filter_ptr_.store(ptr): the filter is FILTER on both paths *)
StorePtr(t) ==
    /\ pc[t] = "storeptr"
    /\ M!Store(t, "ptr", Mode.StorePtr, FILTER)
    /\ Go(t, "unlock")
    /\ got' = [got EXCEPT ![t] = FILTER]
    /\ UNCHANGED <<fast, seen>>

Unlock(t) ==
    /\ pc[t] = "unlock"
    /\ M!Store(t, "mutex", Mode.Unlock, 0)
    /\ Go(t, "use")
    /\ UNCHANGED <<got, fast, seen>>

Use(t) ==
    /\ pc[t] = "use"
    /\ \E r \in M!Reads(t, "data", Mode.Use) :
          M!Load(t, "data", Mode.Use, r) /\ seen' = [seen EXCEPT ![t] = r.val]
    /\ Go(t, "done")
    /\ UNCHANGED <<got, fast>>

Flush(t) == M!Flush(t) /\ UNCHANGED <<pc, got, fast, seen>>

Done == (\A t \in Threads : pc[t] = "done") /\ M!Quiescent

Next ==
    \/ \E t \in Threads :
          LoadPtr(t) \/ Lock(t) \/ ReadUniq(t) \/ Construct(t) \/ Reset(t) \/ StorePtr(t)
          \/ Unlock(t) \/ Use(t) \/ Flush(t)
    \/ Done /\ UNCHANGED vars

Spec == Init /\ [][Next]_vars

-----------------------------------------------------------------------------
TypeOK == M!MemTypeOK

\* A thread that uses the filter GetBloomFilter returned reads the data_ its constructor
\* wrote, never the memory as it was before.
UsesBuiltFilter == \A t \in Threads : pc[t] = "done" => seen[t] = DATA

\* Witnesses (Reach names the one a run must reach; "none": all hold).
Witness(name, case) == Reach # name \/ ~case

\* A thread took the fast path (a non-null pointer, no mutex) to the filter the other built
\* and read its data_.
Witness_FastPathUse == Witness("FastPathUse", \E t \in Threads : fast[t] /\ pc[t] = "done")
=============================================================================
