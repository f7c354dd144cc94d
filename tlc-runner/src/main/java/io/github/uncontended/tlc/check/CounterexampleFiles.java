package io.github.uncontended.tlc.check;

import io.github.uncontended.tlc.engine.RunResult;
import io.github.uncontended.tlc.report.Counterexample;
import io.github.uncontended.tlc.report.CounterexampleViews;
import io.github.uncontended.tlc.report.Explorer;
import io.github.uncontended.tlc.report.MemoryPicture;
import io.github.uncontended.tlc.util.Cli;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The views of every counterexample of a run, written into {@code OUT/counterexamples/} (emptied
 * first): the full trace ({@code .txt}), the step table ({@code .md}), the swimlane
 * ({@code .html}) and the explorer ({@code .explore.html}), the weak-memory layer's variables
 * shown as {@link MemoryPicture} reads them.
 */
final class CounterexampleFiles {

    private CounterexampleFiles() {}

    /** The results, each with a trace now naming its counterexample file. */
    static List<RunResult> write(List<RunResult> results, Path out, Path specs) throws IOException {
        Path dir = folder(out);
        Cli.deleteTree(dir);
        List<RunResult> written = new ArrayList<>();
        for (RunResult r : results) {
            if (!r.trace().isEmpty()) {
                Path file = dir.resolve(r.model().name() + ".txt");
                Files.createDirectories(dir);
                RunResult shown = r.withTrace(MemoryPicture.project(r.trace()));
                Files.writeString(file, Counterexample.render(r.model(), shown, specs));
                Files.writeString(CounterexampleViews.tableFile(file), CounterexampleViews.markdown(r.model(), shown, file));
                Files.writeString(CounterexampleViews.htmlFile(file), CounterexampleViews.html(r.model(), shown, file));
                Files.writeString(Explorer.explorerFile(file), Explorer.html(r.model(), shown, file));
                r = r.withCounterexample(file);
            }
            written.add(r);
        }
        return written;
    }

    static Path folder(Path out) {
        return out.resolve("counterexamples");
    }
}
