package org.onosproject.nids.model.bundle;

/**
 * The source-context window a bundle names ({@code source_context.window_log2_us}): the data plane's source epoch is
 * {@code now_us >> windowLog2Us}, and the SRC_* features count over the current and the previous epoch.
 */
public final class SourceWindow {

    /** Default epoch: 2^21 us = 2.1 s, so the window covers the last 2.1 to 4.2 s. */
    public static final int DEFAULT_WINDOW_LOG2_US = 21;
    public static final int MIN_WINDOW_LOG2_US = 10;
    public static final int MAX_WINDOW_LOG2_US = 32;

    private SourceWindow() {
    }

    /** Refuses a window the data plane cannot use. */
    public static void requireValidWindow(int windowLog2Us) {
        if (windowLog2Us < MIN_WINDOW_LOG2_US || windowLog2Us > MAX_WINDOW_LOG2_US) {
            throw new IllegalArgumentException("source window log2 must be " + MIN_WINDOW_LOG2_US + ".."
                    + MAX_WINDOW_LOG2_US + " (2^n microseconds per epoch), not " + windowLog2Us);
        }
    }
}
