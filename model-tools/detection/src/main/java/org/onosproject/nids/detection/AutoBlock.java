/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Optional;

/**
 * The automatic-blocking rule, on incidents: whether an incident's source is blocked, checked in this order —
 * blocking on at all, the incident's severity, the allowlist, the incident acknowledged or closed (the operator
 * decides), an active block already stopping the source, enough distinct confident flows within the window for the
 * incident's family (one false positive, or three, does not cut a host off), the source's location (issue 14: only
 * when reports came from the edge port where ONOS locates the source and from no other), the cap on active blocks.
 * The app's block manager and the offline replays ({@link IncidentTracker}) both decide with it.
 */
public final class AutoBlock {

    /** What the rule asks about the source besides its incident. */
    public interface SourceState {

        /** @return the id of the active block stopping the source, if any */
        Optional<String> activeBlock();

        /** @return blocks active now */
        int activeBlocks();
    }

    private AutoBlock() {
    }

    /**
     * @param policy   the blocking policy
     * @param incident the incident, as it is after its latest verdict
     * @param state    its source's state
     * @return the decision
     */
    public static BlockDecision decide(BlockPolicy policy, Incident incident, SourceState state) {
        if (policy.autoBlockMinSeverity().isEmpty()) {
            return new BlockDecision(BlockDecision.Kind.OFF,
                                     "automatic blocking is off (autoBlockMinSeverity NONE)", null);
        }
        if (!policy.autoBlocks(incident.severity())) {
            return new BlockDecision(BlockDecision.Kind.BELOW_SEVERITY, "severity " + incident.severity()
                    + " is below " + policy.autoBlockMinSeverity().get(), null);
        }
        Optional<Ipv4Cidr> allowed = policy.allowlisted(incident.source());
        if (allowed.isPresent()) {
            return new BlockDecision(BlockDecision.Kind.ALLOWLISTED, incident.sourceText()
                    + " is on the allowlist (" + allowed.get() + ")", null);
        }
        if (incident.state() == IncidentState.ACKNOWLEDGED || incident.state() == IncidentState.CLOSED) {
            return new BlockDecision(BlockDecision.Kind.ACKNOWLEDGED, "incident " + incident.id() + " is "
                    + incident.state().name().toLowerCase() + ": an operator decides", null);
        }
        Optional<String> existing = state.activeBlock();
        if (existing.isPresent()) {
            return new BlockDecision(BlockDecision.Kind.ALREADY_BLOCKED, incident.sourceText()
                    + " is already blocked (block " + existing.get() + ")", existing.get());
        }
        int needed = policy.minFlows(incident.family());
        long window = policy.autoBlockWindowSeconds();
        if (incident.flowsWithin(window * 1_000_000L) < needed) {
            return new BlockDecision(BlockDecision.Kind.WAITING, "fewer than the " + needed + " confident "
                    + incident.family().label() + " flows within " + window + " s "
                    + (policy.autoBlockMinAlerts() > 0 ? "autoBlockMinAlerts" : "autoBlockMinFlows") + " asks for",
                    null);
        }
        switch (incident.location()) {
            case MISMATCH:
                return new BlockDecision(BlockDecision.Kind.LOCATION_MISMATCH, "location mismatch: "
                        + incident.locationDetail() + "; not blocked (the address may be spoofed)", null);
            case UNKNOWN:
                return new BlockDecision(BlockDecision.Kind.LOCATION_UNKNOWN, "location unconfirmed: ONOS locates no "
                        + "host " + incident.sourceText() + " yet; not blocked until a report from its edge port "
                        + "confirms it", null);
            case UNCONFIRMED:
                return new BlockDecision(BlockDecision.Kind.LOCATION_UNCONFIRMED, "location unconfirmed: no report "
                        + "of a flow entering the fabric at the edge port of " + incident.sourceText() + " yet", null);
            default:
                break;
        }
        if (state.activeBlocks() >= policy.maxBlocks()) {
            return new BlockDecision(BlockDecision.Kind.CAP_REACHED, "maxBlocks (" + policy.maxBlocks()
                    + ") active blocks reached", null);
        }
        return new BlockDecision(BlockDecision.Kind.BLOCK, "blocked", null);
    }

    /**
     * Why the policy blocked an incident's source.
     *
     * @param policy   the blocking policy
     * @param incident the incident
     * @return e.g. {@code auto-block: MEDIUM Scan incident 7 from 10.0.0.3, 10 confident flows within 60 s
     *         (autoBlockMinFlows Scan=10): 150 flows, 150 ports on 1 host}
     */
    public static String reason(BlockPolicy policy, Incident incident) {
        int needed = policy.minFlows(incident.family());
        String rule = policy.autoBlockMinAlerts() > 0 ? "autoBlockMinAlerts " + needed
                : "autoBlockMinFlows " + incident.family().label() + "=" + needed;
        return "auto-block: " + incident.severity() + " " + incident.familyName() + " incident " + incident.id()
                + " from " + incident.sourceText() + ", "
                + incident.flowsWithin(policy.autoBlockWindowSeconds() * 1_000_000L) + " confident flows within "
                + policy.autoBlockWindowSeconds() + " s (" + rule + "): " + incident.describe().substring(
                        incident.describe().indexOf(": ") + 2);
    }

    /**
     * Why a block was made from an alert when its request gives no reason.
     *
     * @param automatic   whether the policy made it (not an operator)
     * @param severity    the alert's severity
     * @param className   the alert's class
     * @param alertId     the alert
     * @param flow        the alert's flow, as {@link #describeFlow} writes it
     * @return e.g. {@code HIGH DoS alert 7 (10.0.0.3:4242 > 10.0.0.2:80 proto 6)}
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
