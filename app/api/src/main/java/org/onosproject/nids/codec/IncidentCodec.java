/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.detection.Evidence;
import org.onosproject.nids.detection.FlowVerdict;
import org.onosproject.nids.detection.Incident;
import org.onosproject.nids.detection.Ipv4Cidr;

import java.time.Instant;
import java.util.Arrays;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.putNullable;

/**
 * An incident as the REST API, the CLI ({@code -j}) and the GUI show it (encode only: incidents are made from reports,
 * never posted):
 * <pre>
 * {"id": 7, "state": "OPEN", "source": "10.0.0.3", "family": "Scan", "attackFamily": "Scan", "severity": "MEDIUM",
 *  "classes": ["Scan"], "modelId": "m1", "summary": "Scan from 10.0.0.3: 150 flows, 150 ports on 1 host",
 *  "firstSeen": "…", "firstSeenMillis": …, "lastSeen": "…", "lastSeenMillis": …,
 *  "flows": 150, "reports": 161, "mergedReports": 0,
 *  "destinationCount": 1, "destinationsAtLeast": false, "destinations": ["10.0.0.2"],
 *  "portCount": 150, "portsAtLeast": false, "ports": [1, 2, …],
 *  "peakConfidence": 0.97, "devices": ["device:s1"],
 *  "location": "CONFIRMED", "locationDetail": "10.0.0.3 sent from device:s1 port 3, where ONOS locates it",
 *  "blockId": null, "decision": "WAITING", "decisionReason": "fewer than the 10 confident Scan flows …",
 *  "evidence": [{"flow": "10.0.0.3:40000 > 10.0.0.2:22 proto 6", "clientIp": …, "clientPort": …, "serverIp": …,
 *                "serverPort": …, "protocol": 6, "time": "…", "classId": 1, "class": "Scan", "leafId": 4,
 *                "phase": null, "confidence": null, "decisionPath": "…", "device": "device:s1", "ingressPort": 3,
 *                "location": "MATCH"}]}
 * </pre>
 * Unknown values (confidence of a model without leaf counts, the phase of a per-packet model, a replay's switch) are
 * null. {@code family} is the family's label, or the class name for classes no family word places.
 */
public final class IncidentCodec extends JsonCodec<Incident> {

    static final String ID = "id";
    static final String STATE = "state";
    static final String SOURCE = "source";
    static final String FAMILY = "family";
    static final String ATTACK_FAMILY = "attackFamily";
    static final String SEVERITY = "severity";
    static final String CLASSES = "classes";
    static final String MODEL_ID = "modelId";
    static final String SUMMARY = "summary";
    static final String FLOWS = "flows";
    static final String EVIDENCE = "evidence";
    static final String DECISION = "decision";
    static final String DECISION_REASON = "decisionReason";
    static final String LOCATION = "location";

    @Override
    public ObjectNode encode(Incident incident, CodecContext context) {
        checkNotNull(incident, "incident");
        ObjectNode json = context.mapper().createObjectNode()
                .put(ID, incident.id())
                .put(STATE, incident.state().name())
                .put(SOURCE, incident.sourceText())
                .put(FAMILY, incident.familyName())
                .put(ATTACK_FAMILY, incident.family().label())
                .put(SEVERITY, incident.severity().name());
        ArrayNode classes = json.putArray(CLASSES);
        incident.classNames().forEach(classes::add);
        putNullable(json, MODEL_ID, incident.modelId().orElse(null));
        json.put(SUMMARY, incident.describe());
        putTime(json, "firstSeen", incident.firstSeenMicros());
        putTime(json, "lastSeen", incident.lastSeenMicros());
        json.put(FLOWS, incident.flows())
                .put("reports", incident.reports())
                .put("mergedReports", incident.mergedReports())
                .put("destinationCount", incident.destinationCount())
                .put("destinationsAtLeast", incident.destinationsCapped());
        ArrayNode destinations = json.putArray("destinations");
        Arrays.stream(incident.destinations()).sorted().mapToObj(Ipv4Cidr::addressText).forEach(destinations::add);
        json.put("portCount", incident.portCount()).put("portsAtLeast", incident.portsCapped());
        ArrayNode ports = json.putArray("ports");
        Arrays.stream(incident.ports()).sorted().forEach(ports::add);
        putConfidence(json, "peakConfidence", incident.peakConfidencePermille());
        ArrayNode devices = json.putArray("devices");
        incident.devices().forEach(devices::add);
        json.put(LOCATION, incident.location().name());
        putNullable(json, "locationDetail", incident.locationDetail());
        putNullable(json, "blockId", incident.blockId().orElse(null));
        putNullable(json, DECISION, incident.decision().map(Enum::name).orElse(null));
        putNullable(json, DECISION_REASON, incident.decisionReason());
        ArrayNode evidence = json.putArray(EVIDENCE);
        incident.evidence().forEach(e -> evidence.add(evidence(e, context)));
        return json;
    }

    private static ObjectNode evidence(Evidence e, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode()
                .put("flow", e.describeFlow())
                .put("clientIp", Ipv4Cidr.addressText(e.client()))
                .put("clientPort", e.clientPort())
                .put("serverIp", Ipv4Cidr.addressText(e.server()))
                .put("serverPort", e.serverPort())
                .put("protocol", e.protocol())
                .put("time", Instant.EPOCH.plusNanos(e.timeMicros() * 1000).toString())
                .put("classId", e.classId())
                .put("class", e.className())
                .put("leafId", e.leafId());
        if (e.phase() == FlowVerdict.UNKNOWN_PHASE) {
            json.putNull("phase");
        } else {
            json.put("phase", e.phase());
        }
        putConfidence(json, "confidence", e.confidencePermille());
        json.put("decisionPath", e.decisionPath());
        putNullable(json, "device", e.device());
        if (e.ingressPort() == FlowVerdict.UNKNOWN_PORT) {
            json.putNull("ingressPort");
        } else {
            json.put("ingressPort", e.ingressPort());
        }
        json.put(LOCATION, e.location().name());
        return json;
    }

    private static void putTime(ObjectNode json, String name, long micros) {
        json.put(name, Instant.EPOCH.plusNanos(micros * 1000).toString()).put(name + "Millis", micros / 1000);
    }

    /** A permille as a share 0..1, null when unknown. */
    private static void putConfidence(ObjectNode json, String name, int permille) {
        if (permille == FlowVerdict.UNKNOWN_CONFIDENCE) {
            json.putNull(name);
        } else {
            json.put(name, permille / 1000.0);
        }
    }
}
