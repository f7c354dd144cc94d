--------------------------- MODULE SpscRingWitnesses ---------------------------
(***************************************************************************)
(* The cases the Java runs that a model of SpscRing.tla must reach, each   *)
(* as a witness: an invariant saying the case never happens, which a run   *)
(* with Reach set to its name must violate (manifest: "expect":            *)
(* {"result": "reachable"}). The model itself sets Reach to "none".        *)
(***************************************************************************)
EXTENDS SpscRing

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The ring is full: offer returns false.
Witness_Full == Witness("Full", pc = "full")

\* The ring is empty: poll returns null.
Witness_Empty == Witness("Empty", cpc = "empty")

\* The ring wraps: offer writes into a slot of the second lap, which poll freed.
Witness_Wraps == Witness("Wraps", pc = "write" /\ pt >= Capacity)
=============================================================================
