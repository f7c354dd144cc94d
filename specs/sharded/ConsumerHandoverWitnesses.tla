---------------------- MODULE ConsumerHandoverWitnesses ----------------------
(***************************************************************************)
(* The hard cases of the consumer handover, each as a witness: an          *)
(* invariant saying the case never happens, which the model's witness run *)
(* must violate (manifest: "expect": {"result": "reachable"}). The model   *)
(* and its witness runs share one config, so shrinking the model until a   *)
(* case is out of reach fails the build. Reach selects the witness one run *)
(* must reach; the model's own run sets it to "none". See                  *)
(* ShardedBufferWitnesses.tla; memory/HandoverMemoryWitnesses.tla has the  *)
(* same cases under the memory layer.                                      *)
(***************************************************************************)
EXTENDS ConsumerHandover

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* Thread c holds the role that its earlier CAS found held by another live
\* thread d (which has given it up since), and is about to read an item,
\* after items were taken before: the consumer's position went from d to c.
Witness_RoleHandedOver ==
    Witness("RoleHandedOver",
        \E c \in Pollers :
            /\ holds[c] /\ witness[c] \notin {NoThread, c} /\ alive[witness[c]]
            /\ cpc = "read" /\ Len(received) > 0)

\* A poll refused: its CAS found the role held by a live thread.
Witness_PollRefused == Witness("PollRefused", \E c \in Pollers : rpc[c] = "refused")

\* Thread c took the role over from a thread that ended holding it, and is
\* about to read an item, after items were taken before.
Witness_TakeOverFromEnded ==
    Witness("TakeOverFromEnded",
        \E c \in Pollers :
            /\ holds[c] /\ witness[c] \notin {NoThread, c} /\ ~alive[witness[c]]
            /\ cpc = "read" /\ Len(received) > 0)
=============================================================================
