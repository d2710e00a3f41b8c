package org.onosproject.nids.model.cli;

import org.junit.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** {@link Progress}: phase lines always (but quiet), running counts only on a terminal and cleared by a line. */
public class ProgressTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String text() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    public void onATerminalACountIsRedrawnInPlaceAndAPhaseLineClearsIt() {
        Progress progress = new Progress(err, true, false);
        progress.count("rows read from flows.csv", 1_200_000);
        progress.count("rows read from flows.csv", 1_210_000);   // within the interval: not redrawn
        progress.say("read 1210000 rows");
        String text = text();
        assertTrue(text, text.matches("(?s)\\r\\[ *[0-9.]+s\\] rows read from flows\\.csv: 1,200,000"
                + "\\r\\u001b\\[K\\[ *[0-9.]+s\\] read 1210000 rows\\R"));
    }

    @Test
    public void withoutATerminalOnlyPhaseLines() {
        Progress progress = new Progress(err, false, false);
        progress.count("rows read", 10_000);
        progress.say("training J48");
        assertTrue(text(), text().matches("\\[ *[0-9.]+s\\] training J48\\R"));
    }

    @Test
    public void quietSaysNothing() {
        Progress progress = Progress.quiet(err);
        progress.say("reading");
        progress.count("rows read", 10_000);
        assertEquals("", text());
    }
}
