package org.onosproject.nids.model.cli;

import java.io.PrintStream;

/** Progress lines on stderr, each stamped with the seconds since the command started. */
final class Progress {

    private final PrintStream err;
    private final long startNanos = System.nanoTime();

    Progress(PrintStream err) {
        this.err = err;
    }

    void say(String message) {
        err.printf("[%6.1fs] %s%n", seconds(), message);
        err.flush();
    }

    double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
