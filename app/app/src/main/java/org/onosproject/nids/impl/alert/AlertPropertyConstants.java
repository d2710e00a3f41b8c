/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

/**
 * Names and defaults of NidsAlertManager's configuration properties
 * ({@code cfg set org.onosproject.nids.impl.alert.NidsAlertManager <name> <value>}); NidsAlertManager.cfgdef
 * describes them.
 */
public final class AlertPropertyConstants {

    private AlertPropertyConstants() {
    }

    public static final String ALERT_DEDUP_WINDOW_SECONDS = "alertDedupWindowSeconds";
    public static final int ALERT_DEDUP_WINDOW_SECONDS_DEFAULT = 300;

    public static final String MAX_ALERTS = "maxAlerts";
    public static final int MAX_ALERTS_DEFAULT = 10000;

    public static final String ALERT_SEVERITIES = "alertSeverities";
    public static final String ALERT_SEVERITIES_DEFAULT = "";
}
