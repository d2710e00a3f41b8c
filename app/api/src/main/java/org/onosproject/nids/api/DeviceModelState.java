/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onosproject.net.DeviceId;

import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What the app has written to one switch: the active bank, the model in it and its entry count, and the last error.
 */
public final class DeviceModelState {

    /** Bank value of a switch whose bank the app has not set (yet). */
    public static final int NO_BANK = -1;

    private final DeviceId deviceId;
    private final int activeBank;
    private final String modelId;
    private final int entries;
    private final String lastError;
    private final long updatedMillis;

    public DeviceModelState(DeviceId deviceId, int activeBank, String modelId, int entries, String lastError,
                            long updatedMillis) {
        this.deviceId = checkNotNull(deviceId);
        this.activeBank = activeBank;
        this.modelId = modelId;
        this.entries = entries;
        this.lastError = lastError;
        this.updatedMillis = updatedMillis;
    }

    public DeviceId deviceId() {
        return deviceId;
    }

    /** @return 0 or 1, or {@link #NO_BANK} */
    public int activeBank() {
        return activeBank;
    }

    /** @return the model in the active bank, if any */
    public Optional<String> modelId() {
        return Optional.ofNullable(modelId);
    }

    /** @return classifier entries of the active bank */
    public int entries() {
        return entries;
    }

    public Optional<String> lastError() {
        return Optional.ofNullable(lastError);
    }

    public long updatedMillis() {
        return updatedMillis;
    }

    /**
     * @param error what went wrong
     * @param now   wall-clock ms
     * @return this state with an error recorded (bank and model unchanged)
     */
    public DeviceModelState withError(String error, long now) {
        return new DeviceModelState(deviceId, activeBank, modelId, entries, error, now);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DeviceModelState)) {
            return false;
        }
        DeviceModelState that = (DeviceModelState) o;
        return activeBank == that.activeBank && entries == that.entries && updatedMillis == that.updatedMillis
                && deviceId.equals(that.deviceId) && Objects.equals(modelId, that.modelId)
                && Objects.equals(lastError, that.lastError);
    }

    @Override
    public int hashCode() {
        return Objects.hash(deviceId, activeBank, modelId, entries, lastError, updatedMillis);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).omitNullValues()
                .add("device", deviceId).add("bank", activeBank).add("model", modelId).add("entries", entries)
                .add("lastError", lastError).toString();
    }
}
