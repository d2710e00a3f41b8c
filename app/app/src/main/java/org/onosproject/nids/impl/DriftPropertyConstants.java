/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

/**
 * Names and defaults of ClassShareTracker's configuration properties
 * ({@code cfg set org.onosproject.nids.impl.ClassShareTracker <name> <value>}); ClassShareTracker.cfgdef describes them.
 */
public final class DriftPropertyConstants {

    private DriftPropertyConstants() {
    }

    public static final String COUNTER_POLL_SECONDS = "counterPollSeconds";
    public static final int COUNTER_POLL_SECONDS_DEFAULT = 10;

    public static final String DRIFT_SAMPLES = "driftSamples";
    public static final int DRIFT_SAMPLES_DEFAULT = 360;
}
