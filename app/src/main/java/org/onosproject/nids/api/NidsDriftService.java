/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.List;

/**
 * The share of each class over time, from the switches' per-class counters read on a schedule: a model whose attack
 * share jumps or whose benign share drifts away from what it saw at rollout is worth a look.
 */
public interface NidsDriftService {

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
