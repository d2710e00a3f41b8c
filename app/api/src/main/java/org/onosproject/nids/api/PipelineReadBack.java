/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.collect.ImmutableMap;

import java.util.Map;
import java.util.Objects;

/**
 * What a switch itself holds of what the app writes, read back from it (not ONOS's or the app's record of what was
 * written): the bank its configuration classifies with and the epoch there, and the classifier entries of each bank.
 * Reconciliation compares it with what the app recorded and repairs a switch that differs.
 */
public final class PipelineReadBack {

    private final int activeBank;
    private final long epoch;
    private final Map<Integer, Integer> entriesByBank;

    /**
     * @param activeBank    the bank the switch's configuration names
     * @param epoch         the model epoch the switch's configuration names
     * @param entriesByBank classifier entries per bank (banks without entries may be absent)
     */
    public PipelineReadBack(int activeBank, long epoch, Map<Integer, Integer> entriesByBank) {
        this.activeBank = activeBank;
        this.epoch = epoch;
        this.entriesByBank = ImmutableMap.copyOf(entriesByBank);
    }

    /** @return the bank the switch classifies with */
    public int activeBank() {
        return activeBank;
    }

    /** @return the model epoch in the switch's configuration */
    public long epoch() {
        return epoch;
    }

    /**
     * @param bank a bank
     * @return classifier entries the switch holds in it
     */
    public int entries(int bank) {
        return entriesByBank.getOrDefault(bank, 0);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PipelineReadBack)) {
            return false;
        }
        PipelineReadBack that = (PipelineReadBack) o;
        return activeBank == that.activeBank && epoch == that.epoch && entriesByBank.equals(that.entriesByBank);
    }

    @Override
    public int hashCode() {
        return Objects.hash(activeBank, epoch, entriesByBank);
    }

    @Override
    public String toString() {
        return "bank " + activeBank + ", epoch " + epoch + ", entries by bank " + entriesByBank;
    }
}
