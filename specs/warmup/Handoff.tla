------------------------------- MODULE Handoff -------------------------------
(***************************************************************************)
(* Warm-up 3 (docs/learn.md): a handoff through two fields, data and flag. *)
(* The producer writes data = 1, then flag = 1; the consumer waits for     *)
(* flag = 1, then reads data. On a real machine a store does not reach     *)
(* other threads at once: it waits in the writer's store buffer, and a     *)
(* plain store may become visible before an earlier one (ARM, POWER; the   *)
(* JIT may also reorder them). A release store (setRelease, or a volatile  *)
(* write) becomes visible only after every store before it.                *)
(*                                                                         *)
(* Modelled: the producer's stores wait in a set of pending stores and     *)
(* become visible one at a time (Drain), in any order for a plain flag     *)
(* store, after the data for a release one (FlagMode). Abstracted: the     *)
(* consumer's loads are taken in program order, as an acquire load of the  *)
(* flag gives; specs/memory/Memory.tla is the project's full model, with   *)
(* loads reordered too.                                                    *)
(***************************************************************************)
EXTENDS Integers

CONSTANT FlagMode   \* "plain" or "release": how the producer stores the flag

VARIABLES
    mem,       \* what other threads see: [data |-> 0 or 1, flag |-> 0 or 1]
    pending,   \* the producer's stores not yet visible: a set of [loc, val, after]
    ppc,       \* the producer: "data", "flag" or "done"
    cpc,       \* the consumer: "wait", "read" or "done"
    seen       \* the data value the consumer read (-1 before it reads)

vars == <<mem, pending, ppc, cpc, seen>>

Init ==
    /\ mem = [data |-> 0, flag |-> 0]
    /\ pending = {}
    /\ ppc = "data" /\ cpc = "wait" /\ seen = -1

\* data = 1 (plain): into the store buffer.
WriteData ==
    /\ ppc = "data"
    /\ pending' = pending \cup {[loc |-> "data", val |-> 1, after |-> {}]}
    /\ ppc' = "flag"
    /\ UNCHANGED <<mem, cpc, seen>>

\* flag = 1: a release store waits for the stores before it; a plain one does not.
WriteFlag ==
    /\ ppc = "flag"
    /\ pending' = pending \cup {[loc |-> "flag", val |-> 1,
                                 after |-> IF FlagMode = "release" THEN {"data"} ELSE {}]}
    /\ ppc' = "done"
    /\ UNCHANGED <<mem, cpc, seen>>

\* A pending store becomes visible, once the stores it waits for have.
Drain ==
    /\ \E s \in pending :
          /\ \A p \in pending : p.loc \notin s.after
          /\ mem' = [mem EXCEPT ![s.loc] = s.val]
          /\ pending' = pending \ {s}
    /\ UNCHANGED <<ppc, cpc, seen>>

\* while (flag == 0) spin: enabled once the flag is visible.
ReadFlag ==
    /\ cpc = "wait" /\ mem.flag = 1
    /\ cpc' = "read"
    /\ UNCHANGED <<mem, pending, ppc, seen>>

ReadData ==
    /\ cpc = "read"
    /\ seen' = mem.data
    /\ cpc' = "done"
    /\ UNCHANGED <<mem, pending, ppc>>

Done == ppc = "done" /\ cpc = "done" /\ pending = {} /\ UNCHANGED vars

Next == WriteData \/ WriteFlag \/ Drain \/ ReadFlag \/ ReadData \/ Done

Spec == Init /\ [][Next]_vars

\* The consumer that saw the flag reads the data written before it.
NoStaleData == cpc = "done" => seen = 1

\* Witness: both stores made, the data visible and the flag not yet: the window in
\* which the consumer must keep waiting. WarmHandoff-FlagLags must violate it.
FlagNeverLags == ~(ppc = "done" /\ mem.data = 1 /\ mem.flag = 0)
=============================================================================
