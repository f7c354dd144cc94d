------------------------ MODULE SpscRingMemoryWitnesses ------------------------
(***************************************************************************)
(* The cases of ../SpscRingWitnesses.tla, as witnesses of the weak-memory  *)
(* model: each run that sets Reach to a case's name must reach it, so the  *)
(* models that judge the Java's modes on weak hardware are shown to run    *)
(* the paths the Java runs. The models themselves set Reach to "none".     *)
(***************************************************************************)
EXTENDS SpscRingMemory

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* The ring is full: offer returns false.
Witness_Full == Witness("Full", pc = "full")

\* The ring is empty: poll returns null.
Witness_Empty == Witness("Empty", cpc = "empty")

\* The ring wraps: offer writes into a slot of the second lap, which poll freed.
Witness_Wraps == Witness("Wraps", pc = "write" /\ pt >= Capacity)
=============================================================================
