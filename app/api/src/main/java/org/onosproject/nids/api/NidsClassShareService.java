/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.List;

/**
 * The share of each class over time, from the switches' per-class counters read on a schedule (GET /stats?drift=N):
 * the series an operator reads drift from — a model whose attack share jumps or whose benign share moves away from
 * what it saw at rollout is worth a look. It records the series; it does not judge it.
 */
public interface NidsClassShareService {

    /**
     * The most recent samples, oldest first.
     *
     * @param limit at most this many (positive)
     * @return the samples
     */
    List<ClassShareSample> classShares(int limit);

    /** @return seconds between two counter reads; 0 when polling is off */
    int pollSeconds();
}
