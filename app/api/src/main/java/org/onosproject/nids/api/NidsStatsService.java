/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * Alerts and flow records counted per state, per class and per switch (GET /stats, {@code nids-alerts --stats}).
 */
public interface NidsStatsService {

    /**
     * @return the statistics; rows sorted by class name and by device id
     */
    AlertStats alertStats();
}
