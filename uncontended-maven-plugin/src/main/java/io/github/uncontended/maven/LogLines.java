package io.github.uncontended.maven;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * An output stream that hands each line written to it, decoded as UTF-8 and without its line
 * ending, to a consumer: the runner prints to a {@link java.io.PrintStream}, Maven logs lines.
 * A last line without a newline is handed over on {@link #close()}.
 */
final class LogLines extends OutputStream {

    private final Consumer<String> lines;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    LogLines(Consumer<String> lines) {
        this.lines = lines;
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            emit();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) {
            write(b[i]);
        }
    }

    @Override
    public synchronized void close() {
        if (line.size() > 0) {
            emit();
        }
    }

    private void emit() {
        String s = line.toString(StandardCharsets.UTF_8);
        line.reset();
        lines.accept(s.endsWith("\r") ? s.substring(0, s.length() - 1) : s);
    }
}
