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

    public static final String FLOW_HASH_SEED = "flowHashSeed";
    public static final int FLOW_HASH_SEED_DEFAULT = 0;

    public static final String FLOW_IDLE_TIMEOUT_SECONDS = "flowIdleTimeoutSeconds";
    public static final int FLOW_IDLE_TIMEOUT_SECONDS_DEFAULT = 30;

    public static final String SOURCE_ALERT_CAP = "sourceAlertCap";
    public static final int SOURCE_ALERT_CAP_DEFAULT = 255;

    public static final String ALERT_THRESHOLD_PERMILLE = "alertThresholdPermille";
    public static final int ALERT_THRESHOLD_PERMILLE_DEFAULT = -1;
}
