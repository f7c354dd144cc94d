------------------------ MODULE SpscRingFullOffByOne ------------------------
(* BROKEN SIBLING of ../SpscRing.tla: offer's full test is off by one      *)
(* (tail - head > Capacity where it should be =), so the producer writes   *)
(* a value into a slot whose value the consumer has not read yet: that     *)
(* value is lost.                                                          *)
(* Caught by: Fifo.                                                        *)
(***************************************************************************)
EXTENDS SpscRing

LoadHeadOffByOne ==
    /\ pc = "head"
    /\ ph' = head
    /\ pc' = IF pt - head > Capacity THEN "full" ELSE "write"
    /\ UNCHANGED <<head, tail, slots, pt, v>> /\ UNCHANGED consumerVars

OffByOneNext ==
    \/ LoadOwnTail \/ LoadHeadOffByOne \/ OfferFails \/ WriteSlot \/ PublishTail
    \/ Consumer \/ Finished

OffByOneSpec == Init /\ [][OffByOneNext]_vars
=============================================================================
