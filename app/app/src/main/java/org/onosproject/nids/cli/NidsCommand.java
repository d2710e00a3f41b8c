/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.onosproject.cli.AbstractShellCommand;
import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult;

/**
 * What the NIDS commands share: pretty JSON output and the printing of a rollout.
 */
abstract class NidsCommand extends AbstractShellCommand {

    /** The NIDS codecs come from ONOS's codec service, looked up like every other service of a command. */
    @Override
    public <T> JsonCodec<T> codec(Class<T> entityClass) {
        return getService(CodecService.class).getCodec(entityClass);
    }

    /** Prints JSON, indented. */
    void printJson(JsonNode json) {
        try {
            print("%s", mapper().writerWithDefaultPrettyPrinter().writeValueAsString(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /**
     * Prints a rollout's outcome per device, and fails the command (Karaf prints the reason, the shell exits
     * non-zero) unless every device flipped.
     *
     * @param result the rollout
     * @throws NidsException DEVICE_FAILURE naming the device and why, when a device failed
     */
    void printRollout(RolloutResult result) {
        if (outputJson()) {
            printJson(codec(RolloutResult.class).encode(result, this));
        } else {
            for (DeviceResult device : result.devices()) {
                print("%-24s %-13s bank=%d entries=%d %dms%s", device.deviceId(), device.outcome(), device.bank(),
                        device.entries(), device.millis(), device.error().map(e -> "  error: " + e).orElse(""));
            }
        }
        if (!result.succeeded()) {
            String reason = result.failureMessage();
            error("%s", reason);
            throw new NidsException(NidsException.Kind.DEVICE_FAILURE, reason);
        }
        if (!outputJson()) {
            print("%s is active on %d device(s) (previous: %s, %d ms)", result.modelId(), result.devices().size(),
                    result.previousModelId().orElse("none"), result.elapsedMillis());
        }
    }
}
