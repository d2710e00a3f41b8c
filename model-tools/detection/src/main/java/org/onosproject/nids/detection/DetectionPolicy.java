/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The whole detection policy under the names of the ONOS components' properties: severities by class
 * ({@value #ALERT_SEVERITIES}, alert manager), how verdicts become incidents (incident manager) and the blocking
 * policy (block manager). The same names configure the app ({@code cfg set}, {@code /onos/v1/configuration}) and the
 * offline replays ({@code nids-model simulate --policy}, {@code eval}).
 */
public final class DetectionPolicy {

    public static final String ALERT_SEVERITIES = "alertSeverities";
    public static final String INCIDENT_WINDOW_SECONDS = "incidentWindowSeconds";
    public static final String INCIDENT_EVIDENCE_FLOWS = "incidentEvidenceFlows";
    public static final String INCIDENT_MIN_CONFIDENCE_PERMILLE = "incidentMinConfidencePermille";
    public static final String MAX_INCIDENTS = "maxIncidents";
    public static final String ATTACK_FAMILIES = "attackFamilies";
    public static final String AUTO_BLOCK_MIN_SEVERITY = "autoBlockMinSeverity";
    public static final String AUTO_BLOCK_MIN_ALERTS = "autoBlockMinAlerts";
    public static final String AUTO_BLOCK_MIN_FLOWS = "autoBlockMinFlows";
    public static final String AUTO_BLOCK_WINDOW_SECONDS = "autoBlockWindowSeconds";
    public static final String BLOCK_TTL_SECONDS = "blockTtlSeconds";
    public static final String BLOCK_ALLOWLIST = "blockAllowlist";
    public static final String MAX_BLOCKS = "maxBlocks";

    /** The incident manager's properties. */
    public static final List<String> INCIDENT_PROPERTIES = List.of(INCIDENT_WINDOW_SECONDS, INCIDENT_EVIDENCE_FLOWS,
            INCIDENT_MIN_CONFIDENCE_PERMILLE, MAX_INCIDENTS, ATTACK_FAMILIES);
    /** The block manager's properties. */
    public static final List<String> BLOCK_PROPERTIES = List.of(AUTO_BLOCK_MIN_SEVERITY, AUTO_BLOCK_MIN_ALERTS,
            AUTO_BLOCK_MIN_FLOWS, AUTO_BLOCK_WINDOW_SECONDS, BLOCK_TTL_SECONDS, BLOCK_ALLOWLIST, MAX_BLOCKS);

    /** Every property name, as the app's components declare them. */
    public static final List<String> PROPERTIES = List.of(ALERT_SEVERITIES, INCIDENT_WINDOW_SECONDS,
            INCIDENT_EVIDENCE_FLOWS, INCIDENT_MIN_CONFIDENCE_PERMILLE, MAX_INCIDENTS, ATTACK_FAMILIES,
            AUTO_BLOCK_MIN_SEVERITY, AUTO_BLOCK_MIN_ALERTS, AUTO_BLOCK_MIN_FLOWS, AUTO_BLOCK_WINDOW_SECONDS,
            BLOCK_TTL_SECONDS, BLOCK_ALLOWLIST, MAX_BLOCKS);

    /** The components' defaults: default severities and incidents, automatic blocking off, 600 s blocks, at most 100. */
    public static final DetectionPolicy DEFAULT = new DetectionPolicy(SeverityPolicy.DEFAULT, IncidentPolicy.DEFAULT,
            new BlockPolicy(null, 600, List.of(), 100));

    private final SeverityPolicy severities;
    private final IncidentPolicy incidents;
    private final BlockPolicy blocks;

    /**
     * @param severities severity by class
     * @param incidents  how verdicts become incidents
     * @param blocks     the blocking policy
     */
    public DetectionPolicy(SeverityPolicy severities, IncidentPolicy incidents, BlockPolicy blocks) {
        this.severities = Objects.requireNonNull(severities, "severities");
        this.incidents = Objects.requireNonNull(incidents, "incidents");
        this.blocks = Objects.requireNonNull(blocks, "blocks");
    }

    /**
     * Reads properties over the defaults.
     *
     * @param properties property name to value (any of {@link #PROPERTIES})
     * @return the policy
     * @throws IllegalArgumentException with a one-line reason for an unknown name or a bad value
     */
    public static DetectionPolicy fromProperties(Map<String, String> properties) {
        Set<String> unknown = new TreeSet<>(properties.keySet());
        unknown.removeAll(PROPERTIES);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown policy propert" + (unknown.size() == 1 ? "y " : "ies ")
                    + String.join(", ", unknown) + " (expected " + String.join(", ", PROPERTIES) + ")");
        }
        SeverityPolicy severities = properties.containsKey(ALERT_SEVERITIES)
                ? SeverityPolicy.parse(properties.get(ALERT_SEVERITIES)) : DEFAULT.severities;
        IncidentPolicy incidents = DEFAULT.incidents;
        BlockPolicy blocks = DEFAULT.blocks;
        for (Map.Entry<String, String> property : properties.entrySet()) {
            incidents = withProperty(incidents, property.getKey(), property.getValue());
            blocks = withProperty(blocks, property.getKey(), property.getValue());
        }
        return new DetectionPolicy(severities, incidents, blocks);
    }

    /**
     * One block-manager property applied to a policy (what the block manager does on a configuration change).
     *
     * @param policy the policy
     * @param name   a property name (others leave the policy as it is)
     * @param value  its value
     * @return the changed policy
     * @throws IllegalArgumentException with a one-line reason for a bad value
     */
    public static BlockPolicy withProperty(BlockPolicy policy, String name, String value) {
        String text = value == null ? "" : value.strip();
        switch (name) {
            case AUTO_BLOCK_MIN_SEVERITY:
                return policy.withAutoBlockMinSeverity(BlockPolicy.parseSeverity(text));
            case AUTO_BLOCK_MIN_ALERTS:
                return policy.withAutoBlockMinAlerts(BlockPolicy.parseInt(name, text, 0, BlockPolicy.MAX_MIN_FLOWS));
            case AUTO_BLOCK_MIN_FLOWS:
                try {
                    return policy.withAutoBlockMinFlows(BlockPolicy.parseMinFlows(text));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(name + ": " + e.getMessage());
                }
            case AUTO_BLOCK_WINDOW_SECONDS:
                return policy.withAutoBlockWindowSeconds(BlockPolicy.parseInt(name, text, 1, 86_400));
            case BLOCK_TTL_SECONDS:
                return policy.withTtlSeconds(BlockPolicy.parseInt(name, text, 0));
            case BLOCK_ALLOWLIST:
                return policy.withAllowlist(BlockPolicy.parseAllowlist(text));
            case MAX_BLOCKS:
                return policy.withMaxBlocks(BlockPolicy.parseInt(name, text, 1));
            default:
                return policy;
        }
    }

    /**
     * One incident-manager property applied to a policy.
     *
     * @param policy the policy
     * @param name   a property name (others leave the policy as it is)
     * @param value  its value
     * @return the changed policy
     * @throws IllegalArgumentException with a one-line reason for a bad value
     */
    public static IncidentPolicy withProperty(IncidentPolicy policy, String name, String value) {
        String text = value == null ? "" : value.strip();
        switch (name) {
            case INCIDENT_WINDOW_SECONDS:
                return policy.withWindowSeconds(BlockPolicy.parseInt(name, text, 1, 86_400));
            case INCIDENT_EVIDENCE_FLOWS:
                return policy.withEvidenceFlows(BlockPolicy.parseInt(name, text, 1,
                                                                     IncidentPolicy.MAX_EVIDENCE_FLOWS));
            case INCIDENT_MIN_CONFIDENCE_PERMILLE:
                return policy.withMinConfidencePermille(BlockPolicy.parseInt(name, text, 0, 1000));
            case MAX_INCIDENTS:
                return policy.withMaxIncidents(BlockPolicy.parseInt(name, text, 1, 100_000));
            case ATTACK_FAMILIES:
                try {
                    return policy.withFamilies(FamilyPolicy.parse(text));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(name + ": " + e.getMessage());
                }
            default:
                return policy;
        }
    }

    public SeverityPolicy severities() {
        return severities;
    }

    public IncidentPolicy incidents() {
        return incidents;
    }

    public BlockPolicy blocks() {
        return blocks;
    }

    /** @return the policy as property name to value (what {@link #fromProperties} reads) */
    public Map<String, String> toProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(ALERT_SEVERITIES, severities.spec());
        properties.put(INCIDENT_WINDOW_SECONDS, Long.toString(incidents.windowSeconds()));
        properties.put(INCIDENT_EVIDENCE_FLOWS, Integer.toString(incidents.evidenceFlows()));
        properties.put(INCIDENT_MIN_CONFIDENCE_PERMILLE, Integer.toString(incidents.minConfidencePermille()));
        properties.put(MAX_INCIDENTS, Integer.toString(incidents.maxIncidents()));
        properties.put(ATTACK_FAMILIES, incidents.families().spec());
        properties.put(AUTO_BLOCK_MIN_SEVERITY, blocks.autoBlockMinSeverity().map(Enum::name).orElse(BlockPolicy.NONE));
        properties.put(AUTO_BLOCK_MIN_ALERTS, Integer.toString(blocks.autoBlockMinAlerts()));
        properties.put(AUTO_BLOCK_MIN_FLOWS, blocks.minFlowsSpec());
        properties.put(AUTO_BLOCK_WINDOW_SECONDS, Long.toString(blocks.autoBlockWindowSeconds()));
        properties.put(BLOCK_TTL_SECONDS, Long.toString(blocks.ttlSeconds()));
        properties.put(BLOCK_ALLOWLIST, blocks.allowlist().stream().map(Ipv4Cidr::toString)
                .collect(Collectors.joining(",")));
        properties.put(MAX_BLOCKS, Integer.toString(blocks.maxBlocks()));
        return properties;
    }

    @Override
    public String toString() {
        return "{severities=" + severities + ", incidents=" + incidents + ", blocks=" + blocks + "}";
    }
}
