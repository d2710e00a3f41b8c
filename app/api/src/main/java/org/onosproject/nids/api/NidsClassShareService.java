/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;

/**
 * The share of each class over time, from the switches' per-class counters read on a schedule (GET /stats?drift=N):
 * the series an operator reads drift from — a model whose attack share jumps or whose benign share moves away from
 * what it saw at rollout is worth a look. It records the series; it does not judge it. In a cluster each switch's
 * counters are read by its master only, and the series is one for the cluster: every instance shows the same.
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

    /** @return samples the series keeps (driftSamples); the oldest beyond it are dropped */
    int maxSamples();

    /** @return samples dropped from the series beyond {@link #maxSamples}, over the whole cluster */
    long samplesDropped();

    /**
     * @return per switch, the reads of its counters this instance made since it started (an instance reads the
     *         switches it masters)
     */
    Map<DeviceId, Long> localReads();

    /**
     * @return reads this instance made and discarded because another instance read the same switch at once (a
     *         mastership in flux); that instance's read counted
     */
    long localReadsSuperseded();
}
