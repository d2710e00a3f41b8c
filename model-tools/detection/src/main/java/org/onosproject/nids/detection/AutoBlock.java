/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Optional;

/**
 * The automatic-blocking rule: whether an alert's source is blocked, checked in this order — blocking on at all,
 * the alert's severity, the allowlist, an active block already stopping the source, enough open qualifying alerts of
 * the source (autoBlockMinAlerts: one false positive does not cut a host off), the cap on active blocks. The app's
 * block manager and {@code nids-model simulate --policy} both decide with it.
 */
public final class AutoBlock {

    /** What the rule asks about the source, at the time of the alert. */
    public interface SourceState {

        /** @return the id of the active block stopping the source, if any */
        Optional<String> activeBlock();

        /**
         * @param atMost stop counting here
         * @return open alerts of the source at or above autoBlockMinSeverity (the alert decided on included)
         */
        long qualifyingOpenAlerts(long atMost);

        /** @return blocks active now */
        int activeBlocks();
    }

    private AutoBlock() {
    }

    /**
     * @param policy   the blocking policy
     * @param severity the alert's severity
     * @param src      its source (IPv4 address as an int)
     * @param state    the source's state
     * @return the decision
     */
    public static BlockDecision decide(BlockPolicy policy, AlertSeverity severity, int src, SourceState state) {
        if (policy.autoBlockMinSeverity().isEmpty()) {
            return new BlockDecision(BlockDecision.Kind.OFF,
                                     "automatic blocking is off (autoBlockMinSeverity NONE)", null);
        }
        if (!policy.autoBlocks(severity)) {
            return new BlockDecision(BlockDecision.Kind.BELOW_SEVERITY, "severity " + severity + " is below "
                    + policy.autoBlockMinSeverity().get(), null);
        }
        Optional<Ipv4Cidr> allowed = policy.allowlisted(src);
        if (allowed.isPresent()) {
            return new BlockDecision(BlockDecision.Kind.ALLOWLISTED, Ipv4Cidr.addressText(src)
                    + " is on the allowlist (" + allowed.get() + ")", null);
        }
        Optional<String> existing = state.activeBlock();
        if (existing.isPresent()) {
            return new BlockDecision(BlockDecision.Kind.ALREADY_BLOCKED, Ipv4Cidr.addressText(src)
                    + " is already blocked (block " + existing.get() + ")", existing.get());
        }
        int needed = policy.autoBlockMinAlerts();
        if (needed > 1) {
            long open = state.qualifyingOpenAlerts(needed);
            if (open < needed) {
                return new BlockDecision(BlockDecision.Kind.WAITING, open + " of the " + needed
                        + " open alerts autoBlockMinAlerts asks for", null);
            }
        }
        if (state.activeBlocks() >= policy.maxBlocks()) {
            return new BlockDecision(BlockDecision.Kind.CAP_REACHED, "maxBlocks (" + policy.maxBlocks()
                    + ") active blocks reached", null);
        }
        return new BlockDecision(BlockDecision.Kind.BLOCK, "blocked", null);
    }

    /**
     * Why a block was made when its request gives no reason.
     *
     * @param automatic   whether the policy made it (not an operator)
     * @param severity    the alert's severity
     * @param className   the alert's class
     * @param alertId     the alert
     * @param flow        the alert's flow, as {@link #describeFlow} writes it
     * @return e.g. {@code auto-block: HIGH DoS alert 7 (10.0.0.3:4242 > 10.0.0.2:80 proto 6)}
     */
    public static String reason(boolean automatic, AlertSeverity severity, String className, long alertId,
                                String flow) {
        return (automatic ? "auto-block: " : "") + severity + " " + className + " alert " + alertId + " (" + flow
                + ")";
    }

    /**
     * @return {@code 10.0.0.1:51512 > 10.0.0.2:80 proto 6}: a flow as the CLI prints it and block reasons name it
     */
    public static String describeFlow(String clientIp, int clientPort, String serverIp, int serverPort,
                                      int protocol) {
        return clientIp + ":" + clientPort + " > " + serverIp + ":" + serverPort + " proto " + protocol;
    }
}
