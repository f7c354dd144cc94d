--------------------- MODULE HandoverMemoryWitnesses ---------------------
(***************************************************************************)
(* The structural cases of the consumer handover (specs/sharded/manifest.  *)
(* json, "structuralCases"; ConsumerHandoverWitnesses.tla under sequential *)
(* consistency), each as a witness of the weak-memory model                *)
(* HandoverMemory.tla: an invariant saying the case never happens, which a *)
(* witness run must violate (manifest: "expect": {"result": "reachable"}). *)
(* The memory manifest's "covers" maps each case of the design to these    *)
(* runs. Reach selects the witness one run must reach; the models          *)
(* themselves set it to "none".                                            *)
(***************************************************************************)
EXTENDS HandoverMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* Thread c holds the role that its earlier CAS found held by another thread
\* d (witness[c] = d: d claimed it, then gave it up), and is about to read an
\* item at a head the earlier consumer advanced: the new consumer goes on
\* from memory the old one wrote.
Witness_RoleHandedOver == Witness("RoleHandedOver", \E c \in Pollers : HandedOverBy(c, "read", TRUE))

\* A poll refused: its CAS found the role held by a live thread.
Witness_PollRefused == Witness("PollRefused", \E c \in Pollers : rpc[c] = "refused")

\* Thread c took the role over from a thread that ended holding it (its CAS
\* found the dead holder, isAlive() was false, the CAS from it succeeded),
\* and is about to read an item at a head the dead consumer advanced.
Witness_TakeOverFromEnded == Witness("TakeOverFromEnded", \E c \in Pollers : HandedOverBy(c, "read", FALSE))
=============================================================================
