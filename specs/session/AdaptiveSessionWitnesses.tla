----------------------- MODULE AdaptiveSessionWitnesses -----------------------
(***************************************************************************)
(* The hard cases of the adaptive session, each as a witness: an invariant *)
(* saying the case never happens, which the model's witness run must      *)
(* violate (manifest: "expect": {"result": "reachable"}). The model and    *)
(* its witness runs share one config, so shrinking the model until a case  *)
(* is out of reach fails the build. Reach selects the witness one run must *)
(* reach; the model's own run sets it to "none". See ShardedSessionWitnesses. *)
(***************************************************************************)
EXTENDS AdaptiveSession

CONSTANT Reach      \* the name of the witness this run must reach, or "none"

Witness(name, case) == Reach # name \/ ~case

\* An acquire's base CAS failed, its inflate created the stripes, and it holds
\* the session through a stripe.
Witness_AcquireInflates ==
    Witness("AcquireInflates",
        \E t \in Threads : t \in Holders /\ ticket[t] \in Stripes /\ "none" \in inflateSaw[t])

\* Two acquires inflated at once: the second found the first one's stripes and
\* holds the session through them.
Witness_InflateLosesRace ==
    Witness("InflateLosesRace",
        \E t \in Threads : t \in Holders /\ ticket[t] \in Stripes /\ "inflated" \in inflateSaw[t])

\* An acquire's base CAS failed against a close's mark, the close sealed first,
\* and the acquire went back to the base and failed there.
Witness_SealBeatsInflate ==
    Witness("SealBeatsInflate", \E t \in Threads : pc[t] = "failed" /\ "sealed" \in inflateSaw[t])

\* Holders on the base (from before the stripes) and on a stripe at once.
Witness_BaseAndStripeHolders ==
    Witness("BaseAndStripeHolders",
        \E t, u \in Threads : t \in Holders /\ u \in Holders /\ ticket[t] = Base /\ ticket[u] \in Stripes)

\* A close marked the base, found stripes, and failed on a busy stripe: it
\* rolls back its mark of the base.
Witness_RollbackFromStripe ==
    Witness("RollbackFromStripe",
        \E k \in Closers : cpc[k] = "rollbackBusy" /\ ci[k] \in Stripes /\ Base \in marked[k])

\* A close committed a session with stripes (every stripe marked, then CLOSED).
Witness_CloseCommitsStripes ==
    Witness("CloseCommitsStripes", \E k \in Closers : cpc[k] = "ok" /\ cells = "inflated")

\* An acquire waited on a CLOSING mark and then succeeded: that close rolled back.
Witness_AcquireAfterRollback ==
    Witness("AcquireAfterRollback", \E t \in Threads : pc[t] = "holding" /\ waitedOn[t] # {})

\* One thread acquired through the base, then (a later round) through a stripe.
Witness_ThreadMovesToStripes ==
    Witness("ThreadMovesToStripes", \E t \in Threads : Base \in held[t] /\ held[t] \cap Stripes # {})

\* Two closes are in their calls at once.
Witness_TwoClosersRacing ==
    Witness("TwoClosersRacing", \E k, j \in Closers : k # j /\ InCall(k) /\ InCall(j))
=============================================================================
