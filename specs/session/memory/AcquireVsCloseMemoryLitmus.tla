--------------------- MODULE AcquireVsCloseMemoryLitmus ---------------------
(* The jcstress test io.github.uncontended.session.AcquireVsCloseTest under  *)
(* the memory layer, with the Java's access modes (the SC litmus model is    *)
(* specs/session/litmus/AcquireVsCloseLitmus.tla): one acquire (held, no     *)
(* release) races one close. Outcome: "<acquired>, <closed>", 1 or 0 each.   *)
(*****************************************************************************)
EXTENDS SessionMemory

Closed(k) == cpc[k] \in {"free", "ok"}
Returned(k) == Closed(k) \/ cpc[k] \in {"busy", "closed"}

Finished == pc[1] \in {"write", "failed"} /\ (\A k \in Closers : Returned(k)) /\ M!Quiescent

LitmusNext ==
    \/ AcquireLoad(1) \/ AcquireCas(1)
    \/ \E k \in Closers : CloseMark(k) \/ CloseRollback(k) \/ CloseCommit(k)
    \/ \E x \in Threads \cup Closers : Flush(x)
    \/ Finished /\ UNCHANGED vars

LitmusSpec == Init /\ [][LitmusNext]_vars

Outcome == (IF pc[1] = "write" THEN "1" ELSE "0") \o ", " \o (IF \E k \in Closers : Closed(k) THEN "1" ELSE "0")
=============================================================================
