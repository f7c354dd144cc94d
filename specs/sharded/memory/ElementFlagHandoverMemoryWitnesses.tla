----------------- MODULE ElementFlagHandoverMemoryWitnesses -----------------
(***************************************************************************)
(* The structural cases of the consumer handover (specs/sharded/manifest.  *)
(* json, "structuralCases"), each as a witness of the weak-memory model    *)
(* ElementFlagHandoverMemory.tla: an invariant saying the case never       *)
(* happens, which a witness run must violate (manifest: "expect":          *)
(* {"result": "reachable"}). The memory manifest's "covers" maps each case *)
(* of the design to these runs. Reach selects the witness one run must     *)
(* reach; the models themselves set it to "none".                          *)
(***************************************************************************)
EXTENDS ElementFlagHandoverMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* Thread c holds the role that its earlier CAS found held by another, live
\* thread, and has just taken an item at a head the earlier consumer advanced.
Witness_RoleHandedOver == Witness("RoleHandedOver", \E c \in Pollers : HandedOverBy(c, "clear", TRUE))

\* A poll refused: its CAS found the role held by a live thread.
Witness_PollRefused == Witness("PollRefused", \E c \in Pollers : rpc[c] = "refused")

\* Thread c took the role over from a thread that ended holding it, and has
\* just taken an item at a head the dead consumer advanced.
Witness_TakeOverFromEnded == Witness("TakeOverFromEnded", \E c \in Pollers : HandedOverBy(c, "clear", FALSE))

\* A poll found the shard empty at a head another consumer advanced: its
\* element was null and the tail equal to its head (every item taken).
Witness_EmptyAfterHandover ==
    Witness("EmptyAfterHandover",
        \E c \in Pollers : rpc[c] = "ctail" /\ hd[c] = Items /\ holds[c] /\ witness[c] \notin {None, c})
=============================================================================
