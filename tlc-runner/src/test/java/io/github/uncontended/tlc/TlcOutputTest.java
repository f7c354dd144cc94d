package io.github.uncontended.tlc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Parsing of TLC's -tool output where no fixture run needs to be started. */
class TlcOutputTest {

    private static String msg(int code, String body) {
        return "@!@!@STARTMSG " + code + ":4 @!@!@\n" + body + "\n@!@!@ENDMSG " + code + " @!@!@\n";
    }

    /** TLC 2.18 ends a lasso with "N: Back to state: <Action ...>", N being the state the loop returns to. */
    @Test
    void aLassoEndsWithTheStateItLoopsBackTo() {
        String out = msg(2116, "Temporal properties were violated.\n")
                + msg(2217, "1: <Initial predicate>\n/\\ x = 0\n")
                + msg(2217, "2: <Flip line 5, col 5 to line 5, col 20 of module M>\n/\\ x = 1\n")
                + msg(2122, "1: Back to state: <Flip line 5, col 5 to line 5, col 20 of module M>\n");
        List<TlcOutput.State> trace = TlcOutput.parse(out, 13).trace();
        assertEquals(3, trace.size());
        TlcOutput.State last = trace.get(2);
        assertEquals(TlcOutput.State.End.BACK_TO, last.end());
        assertEquals(3, last.number());
        assertEquals(1, last.backTo());
        assertEquals("Flip", last.action());
    }
}
