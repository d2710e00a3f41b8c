/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * A request the NIDS app refuses, with a one-line reason and the kind of refusal (which REST maps to a status).
 */
public class NidsException extends RuntimeException {

    /** Kinds of refusal. */
    public enum Kind {
        /** The input is malformed or does not fit the pipeline (REST 400). */
        INVALID,
        /** The named thing does not exist (REST 404). */
        NOT_FOUND,
        /** The request conflicts with the current state (REST 409). */
        CONFLICT,
        /** The switches could not be programmed (REST 502). */
        DEVICE_FAILURE,
        /** The input is larger than accepted (REST 413). */
        TOO_LARGE,
        /** The user lacks the role the change needs (REST 403). */
        FORBIDDEN
    }

    private final Kind kind;

    public NidsException(Kind kind, String reason) {
        super(reason);
        this.kind = kind;
    }

    public NidsException(Kind kind, String reason, Throwable cause) {
        super(reason, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
