package org.onosproject.nids.model.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Progress on stderr, each line stamped with the seconds since the command started: phase lines ({@link #say}), and
 * on a terminal a running count redrawn in place ({@link #count}: rows read, frames decoded) so that a long read
 * shows it is alive. Nothing of it goes to stdout, where {@code --json} output is; {@link #quiet} says nothing.
 */
final class Progress {

    /** Least time between two redraws of a count. */
    static final long COUNT_INTERVAL_NANOS = 500_000_000L;

    private final PrintStream err;
    private final boolean terminal;
    private final boolean silent;
    private final long startNanos = System.nanoTime();
    private long lastCountNanos;
    private boolean counting;

    /** @param err where progress goes; running counts only when the process has a terminal */
    Progress(PrintStream err) {
        this(err, System.console() != null, false);
    }

    /**
     * @param err      where progress goes
     * @param terminal whether err is a terminal (running counts are drawn)
     * @param silent   whether nothing is said at all
     */
    Progress(PrintStream err, boolean terminal, boolean silent) {
        this.err = err;
        this.terminal = terminal;
        this.silent = silent;
        this.lastCountNanos = startNanos - COUNT_INTERVAL_NANOS;
    }

    /**
     * @param err where nothing goes
     * @return a progress that says nothing (--json runs of commands whose stderr scripts read)
     */
    static Progress quiet(PrintStream err) {
        return new Progress(err, false, true);
    }

    void say(String message) {
        if (silent) {
            return;
        }
        clearCount();
        err.printf(Locale.ROOT, "[%6.1fs] %s%n", seconds(), message);
        err.flush();
    }

    /**
     * Redraws a running count in place, at most every {@link #COUNT_INTERVAL_NANOS}; only on a terminal.
     *
     * @param what  what is counted, e.g. "rows read"
     * @param count how many so far
     */
    void count(String what, long count) {
        if (silent || !terminal) {
            return;
        }
        long now = System.nanoTime();
        if (now - lastCountNanos < COUNT_INTERVAL_NANOS) {
            return;
        }
        lastCountNanos = now;
        err.printf(Locale.ROOT, "\r[%6.1fs] %s: %,d", seconds(), what, count);
        err.flush();
        counting = true;
    }

    private void clearCount() {
        if (counting) {
            err.print("\r\033[K");
            counting = false;
        }
    }

    double seconds() {
        return (System.nanoTime() - startNanos) / 1e9;
    }
}
