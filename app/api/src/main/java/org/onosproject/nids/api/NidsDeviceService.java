/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;

/**
 * The switches running the NIDS pipeline: their rollout state and the pipeline's counters, read from the switch.
 */
public interface NidsDeviceService {

    /**
     * Every switch the model service has state for, plus every switch running the NIDS pipeline, in device-id order.
     * Counters are read from available switches only (reading an unavailable one would only time out).
     *
     * @return one view per switch
     */
    List<DeviceView> devices();

    /**
     * Packets classified per class on one bank.
     *
     * @param deviceId switch
     * @param bank     0 or 1
     * @return class id to packets; empty if the switch could not be read
     */
    Map<Integer, Long> classCounters(DeviceId deviceId, int bank);

    /**
     * Reports sent and reports dropped by the rate limit, per reason name (ALERT, FLOW_END, EVICT,
     * ACTIVE_TIMEOUT, PROBE), and flow-table evictions.
     *
     * @param deviceId switch
     * @return counter name to value (names like "sent.ALERT", "dropped.ALERT", "evictions"); empty if unreadable
     */
    Map<String, Long> reportCounters(DeviceId deviceId);
}
