----------------------- MODULE JctXaddChunksWitnesses -----------------------
(***************************************************************************)
(* Witnesses of JctXaddChunks.tla (as in JctMpscArrayWitnesses.tla): each  *)
(* an invariant saying a path of the chunk linking never happens, which a  *)
(* witness run must violate. Reach selects the one a run must reach; the   *)
(* models themselves set Reach to "none".                                  *)
(***************************************************************************)
EXTENDS JctXaddChunks

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* A producer walks back: its next step reads prev (lvPrev).
Witness_WalkBack ==
    Witness("WalkBack", \E p \in Producers : pc[p] = "walk")

\* A producer walks back from chunk object A recycled as chunk 2 (taken from the pool,
\* its prev stored by newOrPooledChunk's soPrev): A's prev is read in its second life.
Witness_WalkFromRecycled ==
    Witness("WalkFromRecycled", \E p \in Producers : pc[p] = "walk" /\ ch[p] = A /\ life[A] = 2)

\* An append found the pool empty and constructed the new chunk C (the constructor's
\* soPrev), and a producer walks back from it.
Witness_WalkFromNew ==
    Witness("WalkFromNew", \E p \in Producers : pc[p] = "walk" /\ ch[p] = C)

\* A producer holds A from producerChunk while A was chunk 0, and A has since been
\* recycled as chunk 2: the stale reference whose index read decides the walk.
Witness_StaleRecycled ==
    Witness("StaleRecycled",
        \E p \in Producers : pc[p] \in {"index", "loopindex"} /\ ch[p] = A /\ life[A] = 2
                             /\ r[p] = 1)
=============================================================================
