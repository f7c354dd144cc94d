package io.github.uncontended.tlc.jcstress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.uncontended.tlc.jcstress.JcstressRun.Outcome;
import io.github.uncontended.tlc.jcstress.JcstressRun.Stop;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** When a mutant's run says nothing (its row would be a guess), on recorded consoles ({@link Fixtures}). */
class MutantRunsTest {

    private static final MutantRuns.Settings QUICK = new MutantRuns.Settings(Path.of("jcstress.jar"), "quick", "", 3600, 240);

    @Test
    void onlyAFinishedRunGivesARow() {
        assertNull(MutantRuns.problem(new Outcome(Stop.ENDED, 1, 24, 0, Fixtures.read("not-caught"), Map.of()), QUICK));
        assertNull(MutantRuns.problem(new Outcome(Stop.ENDED, 0, 15, 0, Fixtures.read("pass"), Map.of()), QUICK));
        assertEquals("TIMEOUT after 40 s: no fork reported for 240 s: a hung actor? Killed",
                MutantRuns.problem(new Outcome(Stop.STALL, -1, 40, 240, Fixtures.read("stalled"), Map.of()), QUICK));
        assertEquals("TIMEOUT after 3601 s: the run passed its budget of 3600 s. Killed",
                MutantRuns.problem(new Outcome(Stop.BUDGET, -1, 3601, 2, Fixtures.read("stalled"), Map.of()), QUICK));
        assertEquals("the run did not finish: jcstress exited with 137 before its RUN RESULTS",
                MutantRuns.problem(new Outcome(Stop.ENDED, 137, 9, 2, Fixtures.read("stalled"), Map.of()), QUICK));
        assertEquals("jcstress could not run: FATAL: No matching tests.", MutantRuns.problem(new Outcome(Stop.ENDED, 0, 9, 9,
                JcstressConsole.parse("FATAL: No matching tests.\n"), Map.of()), QUICK));
    }
}
