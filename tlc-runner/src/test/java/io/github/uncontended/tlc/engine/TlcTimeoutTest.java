package io.github.uncontended.tlc.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Tlc#run} without TLC: a tool run that outlives its timeout is killed with everything it
 * started (TLC's distributed mode and a JVM's helpers are process trees), and reported as timed
 * out. The stand-in is a shell that starts a child; each appends to a file while it lives.
 */
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TlcTimeoutTest {

    @TempDir
    Path dir;

    private long size(String file) throws Exception {
        Path f = dir.resolve(file);
        return Files.exists(f) ? Files.size(f) : 0;
    }

    private void destroy(String pidFile) throws Exception {
        Path f = dir.resolve(pidFile);
        if (Files.exists(f)) {
            ProcessHandle.of(Long.parseLong(Files.readString(f).strip())).ifPresent(p -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            });
        }
    }

    /** A shell that starts a child; each appends to its beat file while it lives and writes its pid. */
    private static List<String> processTree() {
        String loop = "while :; do echo . >> %s; sleep 0.1; done";
        return List.of("sh", "-c", "sh -c 'echo $$ > child.pid; " + loop.formatted("child.beat") + "' & "
                + "echo $$ > parent.pid; " + loop.formatted("parent.beat"));
    }

    /** Both processes beat before {@code end}, and neither beats after it. */
    private void assertTreeGone(String end) throws Exception {
        Thread.sleep(300);
        long parent = size("parent.beat");
        long child = size("child.beat");
        assertTrue(parent > 0 && child > 0, "both ran before " + end);
        Thread.sleep(700);
        assertEquals(parent, size("parent.beat"), "the process is gone after " + end);
        assertEquals(child, size("child.beat"), "the process it started is gone after " + end);
    }

    @Test
    void aRunPastItsTimeoutIsKilledWithItsChildren() throws Exception {
        List<String> cmd = processTree();
        try {
            Tlc.Exit exit = new Tlc(dir.resolve("unused.jar")).run(cmd, dir, dir.resolve("logs/run.log"), 1);
            assertTrue(exit.timedOut());
            assertEquals(-1, exit.code());
            assertTrue(exit.seconds() >= 1, "seconds: " + exit.seconds());
            assertTreeGone("the timeout");
        } finally {
            destroy("child.pid");
            destroy("parent.pid");
        }
    }

    @Test
    void aRunInterruptedWhileItWaitsKillsItsProcessTree() throws Exception {
        List<String> cmd = processTree();
        Thread caller = Thread.currentThread();
        Thread interrupter = new Thread(() -> {
            try {
                Thread.sleep(800);
            } catch (InterruptedException e) {
                return;
            }
            caller.interrupt();
        });
        try {
            interrupter.start();
            assertThrows(InterruptedException.class,
                    () -> new Tlc(dir.resolve("unused.jar")).run(cmd, dir, dir.resolve("logs/run.log"), 60));
            assertTreeGone("the interrupt");
        } finally {
            interrupter.interrupt();
            interrupter.join();
            Thread.interrupted();
            destroy("child.pid");
            destroy("parent.pid");
        }
    }
}
