/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

/**
 * Names and defaults of NidsFlowManager's configuration properties.
 */
public final class FlowPropertyConstants {

    private FlowPropertyConstants() {
    }

    public static final String FLOW_WINDOW_SIZE = "flowWindowSize";
    public static final int FLOW_WINDOW_SIZE_DEFAULT = 1000;

    public static final String INACTIVE_TIMEOUT_SECONDS = "inactiveTimeoutSeconds";
    public static final int INACTIVE_TIMEOUT_SECONDS_DEFAULT = 30;

    public static final String REPORT_WORKERS = "reportWorkers";
    public static final int REPORT_WORKERS_DEFAULT = 2;

    public static final String REPORT_QUEUE_SIZE = "reportQueueSize";
    public static final int REPORT_QUEUE_SIZE_DEFAULT = 16384;

    public static final String DETECTION_WORKERS = "detectionWorkers";
    public static final int DETECTION_WORKERS_DEFAULT = 8;

    public static final String DETECTION_QUEUE_SIZE = "detectionQueueSize";
    public static final int DETECTION_QUEUE_SIZE_DEFAULT = 10000;

    public static final String NETFLOW_QUEUE_SIZE = "netflowQueueSize";
    public static final int NETFLOW_QUEUE_SIZE_DEFAULT = 8192;
}
