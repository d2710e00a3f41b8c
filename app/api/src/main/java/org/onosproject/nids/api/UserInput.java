/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * How an error message repeats what a client sent: one line and short, whatever the client sent (a 2,000-character
 * id or a value with line breaks must not make the reason, or the log line that carries it, that long).
 */
public final class UserInput {

    /** The most characters of a client's value a message repeats. */
    public static final int MAX_ECHO = 64;

    private UserInput() {
    }

    /**
     * @param value what the client sent (null reads "null")
     * @return it on one line, cut to {@link #MAX_ECHO} characters with "…" and its length when longer
     */
    public static String brief(Object value) {
        return brief(value, MAX_ECHO);
    }

    /**
     * @param value text to keep a bounded part of (null reads "null")
     * @param maxChars characters kept at most
     * @return it on one line, cut to maxChars characters with "…" and its length when longer
     */
    public static String brief(Object value, int maxChars) {
        String oneLine = String.valueOf(value).replaceAll("\\R", " ");
        return oneLine.length() <= maxChars ? oneLine
                : oneLine.substring(0, maxChars) + "… (" + oneLine.length() + " characters)";
    }

    /**
     * @param value what the client sent
     * @return {@link #brief(Object)} in double quotes
     */
    public static String quoted(Object value) {
        String brief = brief(value);
        int cut = brief.indexOf("… (");
        return cut < 0 ? "\"" + brief + "\"" : "\"" + brief.substring(0, cut + 1) + "\"" + brief.substring(cut + 1);
    }
}
