/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * A packet-in that claims to be a report but cannot be decoded.
 */
public class MalformedReportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message why the frame is not a report
     */
    public MalformedReportException(String message) {
        super(message);
    }
}
