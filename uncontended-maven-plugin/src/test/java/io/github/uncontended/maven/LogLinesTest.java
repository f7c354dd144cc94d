package io.github.uncontended.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogLinesTest {

    @Test
    void handsOverEachLineWithoutItsEndingAndTheLastOnClose() {
        List<String> lines = new ArrayList<>();
        try (PrintStream out = new PrintStream(new LogLines(lines::add), true, StandardCharsets.UTF_8)) {
            out.print("one\r\ntwo\n\nthree ✗ ");
            out.print("four");
        }
        assertEquals(List.of("one", "two", "", "three ✗ four"), lines);
    }
}
