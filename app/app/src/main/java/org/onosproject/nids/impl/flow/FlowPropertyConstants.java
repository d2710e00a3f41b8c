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
}
