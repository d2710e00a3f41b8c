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
import org.apache.karaf.jaas.boot.principal.UserPrincipal;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult;

import javax.security.auth.Subject;
import java.security.AccessController;
import java.security.Principal;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What the NIDS commands share: pretty JSON output and the printing of a rollout.
 */
abstract class NidsCommand extends AbstractShellCommand {

    /** The NIDS codecs come from ONOS's codec service, looked up like every other service of a command. */
    @Override
    public <T> JsonCodec<T> codec(Class<T> entityClass) {
        return getService(CodecService.class).getCodec(entityClass);
    }

    /**
     * Runs a change and records it in the audit log (who: the shell session's user), as REST and GUI changes are.
     * Without the audit service the change still runs.
     *
     * @param action  what, e.g. "block.add"
     * @param target  what it is done to
     * @param change  the change
     * @param outcome how its value is recorded
     * @param <T>     the value of the change
     * @return the value of the change
     */
    <T> T audited(String action, String target, Supplier<T> change, Function<T, String> outcome) {
        NidsAuditService audit;
        try {
            audit = getService(NidsAuditService.class);
        } catch (ServiceNotFoundException e) {
            return change.get();
        }
        return audit.change(shellUser(), action, target, change, outcome);
    }

    /** As {@link #audited(String, String, Supplier, Function)}, recorded ok. */
    <T> T audited(String action, String target, Supplier<T> change) {
        return audited(action, target, change, value -> NidsAuditService.OK);
    }

    /** The user Karaf authenticated this shell session as (its JAAS subject's user), "unknown" without one. */
    static String shellUser() {
        Subject subject = Subject.getSubject(AccessController.getContext());
        if (subject != null) {
            for (Principal principal : subject.getPrincipals()) {
                if (principal instanceof UserPrincipal) {
                    return principal.getName();
                }
            }
        }
        return "unknown";
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
