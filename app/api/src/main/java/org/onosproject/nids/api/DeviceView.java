/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.DeviceId;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One switch as {@code GET /devices} and {@code nids-devices} show it: its pipeconf and availability, what the app
 * has written to it ({@link DeviceModelState}), and the pipeline's counters.
 */
public final class DeviceView {

    /** Packets the active bank classified into one class. */
    public static final class ClassCounter {
        private final int classId;
        private final String className;
        private final long packets;

        /**
         * A class counter.
         *
         * @param classId   class id
         * @param className the class's name in the model of the bank, or null if unknown
         * @param packets   packets classified into the class
         */
        public ClassCounter(int classId, String className, long packets) {
            this.classId = classId;
            this.className = className;
            this.packets = packets;
        }

        public int classId() {
            return classId;
        }

        /** @return the class name, if the model of the bank is known */
        public Optional<String> className() {
            return Optional.ofNullable(className);
        }

        public long packets() {
            return packets;
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof ClassCounter)) {
                return false;
            }
            ClassCounter that = (ClassCounter) o;
            return classId == that.classId && packets == that.packets && Objects.equals(className, that.className);
        }

        @Override
        public int hashCode() {
            return Objects.hash(classId, className, packets);
        }

        @Override
        public String toString() {
            return (className != null ? className : "class " + classId) + "=" + packets;
        }
    }

    private final DeviceId deviceId;
    private final String pipeconfId;
    private final boolean available;
    private final int activeBank;
    private final String modelId;
    private final int entries;
    private final String lastError;
    private final long updatedMillis;
    private final List<ClassCounter> classCounters;
    private final Map<String, Long> reportCounters;

    /**
     * A device view.
     *
     * @param deviceId       the switch
     * @param pipeconfId     the pipeconf ONOS bound to it, or null
     * @param available      whether ONOS sees the switch as available
     * @param activeBank     0 or 1, or {@link DeviceModelState#NO_BANK}
     * @param modelId        the model in the active bank, or null
     * @param entries        classifier entries of the active bank
     * @param lastError      the app's last error on this switch, or null
     * @param updatedMillis  when the app last changed its state of the switch (0 = never)
     * @param classCounters  packets per class of the active bank, by class id
     * @param reportCounters report counters by name
     */
    public DeviceView(DeviceId deviceId, String pipeconfId, boolean available, int activeBank, String modelId,
                      int entries, String lastError, long updatedMillis, List<ClassCounter> classCounters,
                      Map<String, Long> reportCounters) {
        this.deviceId = checkNotNull(deviceId, "deviceId");
        this.pipeconfId = pipeconfId;
        this.available = available;
        this.activeBank = activeBank;
        this.modelId = modelId;
        this.entries = entries;
        this.lastError = lastError;
        this.updatedMillis = updatedMillis;
        this.classCounters = ImmutableList.copyOf(classCounters);
        this.reportCounters = ImmutableSortedMap.copyOf(reportCounters);
    }

    public DeviceId deviceId() {
        return deviceId;
    }

    public Optional<String> pipeconfId() {
        return Optional.ofNullable(pipeconfId);
    }

    public boolean available() {
        return available;
    }

    /** @return 0 or 1, or {@link DeviceModelState#NO_BANK} */
    public int activeBank() {
        return activeBank;
    }

    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    public int entries() {
        return entries;
    }

    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    public long updatedMillis() {
        return updatedMillis;
    }

    /** @return packets per class of the active bank, in class-id order */
    public List<ClassCounter> classCounters() {
        return classCounters;
    }

    /** @return report counters by name, sorted by name */
    public Map<String, Long> reportCounters() {
        return reportCounters;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DeviceView)) {
            return false;
        }
        DeviceView that = (DeviceView) o;
        return available == that.available && activeBank == that.activeBank && entries == that.entries
                && updatedMillis == that.updatedMillis && deviceId.equals(that.deviceId)
                && Objects.equals(pipeconfId, that.pipeconfId) && Objects.equals(modelId, that.modelId)
                && Objects.equals(lastError, that.lastError) && classCounters.equals(that.classCounters)
                && reportCounters.equals(that.reportCounters);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, pipeconfId, available, activeBank, modelId, entries, lastError, updatedMillis,
                classCounters, reportCounters);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues().add("device", deviceId).add("pipeconf", pipeconfId)
                .add("available", available).add("bank", activeBank).add("model", modelId).add("entries", entries)
                .add("lastError", lastError).toString();
    }
}
