/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

/**
 * Names and defaults of the NIDS components' configuration properties (ONOS `cfg set <component> <name> <value>`).
 */
public final class OsgiPropertyConstants {

    private OsgiPropertyConstants() {
    }

    public static final String TRACK_MODE = "trackMode";
    public static final String TRACK_MODE_DEFAULT = "edge";

    public static final String ACTIVE_TIMEOUT_PACKETS = "activeTimeoutPackets";
    public static final int ACTIVE_TIMEOUT_PACKETS_DEFAULT = 1000;

    public static final String ACTIVE_TIMEOUT_SECONDS = "activeTimeoutSeconds";
    public static final int ACTIVE_TIMEOUT_SECONDS_DEFAULT = 60;

    public static final String REPORT_RATE_PPS = "reportRatePps";
    public static final int REPORT_RATE_PPS_DEFAULT = 1000;

    public static final String REPORT_BURST = "reportBurst";
    public static final int REPORT_BURST_DEFAULT = 100;

    public static final String RECONCILE_SECONDS = "reconcileSeconds";
    public static final int RECONCILE_SECONDS_DEFAULT = 30;

    public static final String ROLLOUT_TIMEOUT_MILLIS = "rolloutTimeoutMillis";
    public static final int ROLLOUT_TIMEOUT_MILLIS_DEFAULT = 10000;
}
