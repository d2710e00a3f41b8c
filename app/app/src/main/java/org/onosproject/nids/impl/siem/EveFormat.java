/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.hash.Hashing;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.codec.AlertCodec;
import org.onosproject.nids.detection.AlertSeverity;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.zip.CRC32;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Alerts and blocks as Suricata EVE JSON events (docs/siem.md), the format Filebeat's Suricata module, Wazuh and
 * Security Onion parse: the fields Suricata writes for an alert ({@code timestamp}, {@code flow_id},
 * {@code event_type}, the 5-tuple, {@code alert{…}}, {@code flow{…}}) and what only this NIDS knows under the vendor
 * key {@code nids}.
 * <ul>
 * <li>an alert: {@code event_type} alert, {@code alert.action} allowed (the switches forward the flow; they report
 * it), a signature per attack class;</li>
 * <li>a block: {@code event_type} alert, {@code alert.action} blocked, the block signature, the alert's flow when
 * the block answers an alert;</li>
 * <li>the end of a block: {@code event_type} nids_block with {@code nids_block.action} removed.</li>
 * </ul>
 */
public final class EveFormat {

    /** The generator id of every NIDS signature (Suricata's rule generator). */
    public static final int GID = 1;
    /** The signature of blocks; attack classes take the ids above it (1,000,000..1,999,999 is for local rules). */
    public static final int BLOCK_SIGNATURE_ID = 1900000;
    static final int CLASS_SIGNATURE_IDS = 99999;
    public static final int REV = 1;
    public static final String VENDOR_KEY = "nids";
    public static final String ALERT = "alert";
    public static final String BLOCK_END = "nids_block";
    static final String ALLOWED = "allowed";
    static final String BLOCKED = "blocked";
    static final String REMOVED = "removed";
    static final String BLOCK_SIGNATURE = "NIDS block: source dropped at the fabric edge";

    /** RFC 5424 severities the events are sent with. */
    static final int SYSLOG_CRITICAL = 2;
    static final int SYSLOG_WARNING = 4;
    static final int SYSLOG_NOTICE = 5;
    static final int SYSLOG_INFO = 6;

    /** Suricata's timestamp: microseconds and a numeric zone, e.g. 2026-01-15T10:00:02.123000+0000. */
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSZ", Locale.ROOT).withZone(ZoneOffset.UTC);
    private static final int PROTO_ICMP = 1;
    /** 48 bits, as Suricata's flow ids: exact in every JSON reader (JavaScript numbers included). */
    private static final long FLOW_ID_MASK = 0xFFFF_FFFF_FFFFL;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    static {
        // One line of ASCII whatever a class name or a reason holds: syslog receivers and line readers take it.
        MAPPER.getFactory().configure(JsonGenerator.Feature.ESCAPE_NON_ASCII, true);
    }

    private final String host;

    /**
     * @param host the sensor name every event carries in {@code host} (Suricata's sensor-name), e.g. the ONOS
     *             host's name
     */
    public EveFormat(String host) {
        this.host = checkNotNull(host, "host");
    }

    /**
     * @param alert a new alert
     * @return its EVE alert event, timed when the alert was raised
     */
    public EveEvent alert(NidsAlert alert) {
        ObjectNode json = header(alert.firstSeenMillis(), flowId(alert.flowKey()), ALERT);
        flowKey(json, alert.flowKey(), alert.features());
        json.put("host", host);
        signature(json.putObject(ALERT), ALLOWED, signatureId(alert.className()), "NIDS " + alert.className()
                + " flow", EveCategories.of(alert.className()), alert.severity());
        flow(json, alert);
        alertDetails(json.putObject(VENDOR_KEY), alert);
        return new EveEvent(ALERT, alert.firstSeenMillis(), syslogSeverity(alert.severity()), write(json));
    }

    /**
     * @param block a new block
     * @param alert the alert it answers, if any (its flow and explanation go with the block)
     * @return its EVE alert event with action blocked, timed when the block was made
     */
    public EveEvent blocked(NidsBlock block, Optional<NidsAlert> alert) {
        ObjectNode json = header(block.createdMillis(), alert.map(a -> flowId(a.flowKey())).orElse(null), ALERT);
        if (alert.isPresent()) {
            flowKey(json, alert.get().flowKey(), alert.get().features());
        } else {
            json.put("src_ip", block.src().toString());
            block.scope().dst().ifPresent(dst -> json.put("dest_ip", dst.address().toString()));
            block.scope().dstPort().ifPresent(port -> json.put("dest_port", port));
            block.scope().ipProto().ifPresent(proto -> json.put("proto", proto(proto)));
        }
        json.put("host", host);
        AlertSeverity severity = alert.map(NidsAlert::severity).orElse(AlertSeverity.MEDIUM);
        signature(json.putObject(ALERT), BLOCKED, BLOCK_SIGNATURE_ID, BLOCK_SIGNATURE,
                  alert.map(a -> EveCategories.of(a.className())).orElse(EveCategories.POLICY), severity);
        alert.ifPresent(a -> flow(json, a));
        ObjectNode vendor = json.putObject(VENDOR_KEY);
        alert.ifPresent(a -> alertDetails(vendor, a));
        blockDetails(vendor.putObject("block"), block);
        return new EveEvent(ALERT, block.createdMillis(), SYSLOG_WARNING, write(json));
    }

    /**
     * @param block      a block that was removed (unblocked, expired or allowlisted)
     * @param nowMillis  when it was removed
     * @return its {@code nids_block} event with action removed
     */
    public EveEvent unblocked(NidsBlock block, long nowMillis) {
        ObjectNode json = header(nowMillis, null, BLOCK_END);
        json.put("src_ip", block.src().toString());
        json.put("host", host);
        ObjectNode details = json.putObject(BLOCK_END).put("action", REMOVED);
        blockDetails(details, block);
        return new EveEvent(BLOCK_END, nowMillis, SYSLOG_INFO, write(json));
    }

    private static ObjectNode header(long millis, Long flowId, String eventType) {
        ObjectNode json = MAPPER.createObjectNode().put("timestamp", timestamp(millis));
        if (flowId != null) {
            json.put("flow_id", flowId);
        }
        return json.put("event_type", eventType);
    }

    /** The 5-tuple as Suricata writes it: ICMP flows with their type and code instead of ports. */
    private static void flowKey(ObjectNode json, FlowKey key, Map<String, Long> features) {
        json.put("src_ip", key.clientIp().toString());
        if (key.protocol() != PROTO_ICMP) {
            json.put("src_port", key.clientPort());
        }
        json.put("dest_ip", key.serverIp().toString());
        if (key.protocol() != PROTO_ICMP) {
            json.put("dest_port", key.serverPort());
        }
        json.put("proto", proto(key.protocol()));
        if (key.protocol() == PROTO_ICMP) {
            long typeCode = features.getOrDefault("ICMP_TYPE", 0L);
            json.put("icmp_type", typeCode >> 8).put("icmp_code", typeCode & 0xff);
        }
    }

    private static void signature(ObjectNode alert, String action, int signatureId, String signature,
                                  String category, AlertSeverity severity) {
        alert.put("action", action).put("gid", GID).put("signature_id", signatureId).put("rev", REV)
                .put("signature", signature).put("category", category).put("severity", eveSeverity(severity));
    }

    /**
     * The flow's counters as of the alert's latest report: IN (client → server) is {@code toserver}. The start is
     * the latest report's time less the flow's duration then.
     */
    private static void flow(ObjectNode json, NidsAlert alert) {
        Map<String, Long> features = alert.features();
        long start = Math.max(0, alert.lastSeenMillis() - features.getOrDefault("FLOW_DURATION_MILLISECONDS", 0L));
        json.putObject("flow")
                .put("pkts_toserver", features.getOrDefault("IN_PKTS", 0L))
                .put("pkts_toclient", features.getOrDefault("OUT_PKTS", 0L))
                .put("bytes_toserver", features.getOrDefault("IN_BYTES", 0L))
                .put("bytes_toclient", features.getOrDefault("OUT_BYTES", 0L))
                .put("start", timestamp(Math.min(start, alert.firstSeenMillis())));
    }

    private static void alertDetails(ObjectNode vendor, NidsAlert alert) {
        vendor.put("alert_id", alert.id()).put("state", alert.state().name())
                .put("severity", alert.severity().name()).put("class", alert.className())
                .put("class_id", alert.classId());
        alert.modelId().ifPresent(model -> vendor.put("model_id", model));
        vendor.put("leaf", alert.leafId()).put("explanation", AlertCodec.explanation(alert));
        ArrayNode path = vendor.putArray("decision_path");
        for (DecisionStep step : alert.decisionPath()) {
            path.addObject().put("feature", step.feature()).put("operator", step.operator().symbol())
                    .put("bound", step.bound()).put("value", step.value()).put("holds", step.holds());
        }
        ObjectNode devices = vendor.putObject("devices");
        alert.deviceReports().forEach((device, reports) -> devices.put(device.toString(), reports));
        vendor.put("reports", alert.reportCount())
                .put("first_seen", timestamp(alert.firstSeenMillis()))
                .put("last_seen", timestamp(alert.lastSeenMillis()));
        alert.blockId().ifPresent(block -> vendor.put("block_id", block));
        ObjectNode features = vendor.putObject("features");
        alert.features().forEach(features::put);
    }

    private static void blockDetails(ObjectNode json, NidsBlock block) {
        json.put("id", block.id()).put("src", block.src().toString()).put("origin", block.origin().name())
                .put("reason", block.reason());
        ObjectNode scope = json.putObject("scope");
        block.scope().dst().ifPresent(dst -> scope.put("dst", dst.toString()));
        block.scope().ipProto().ifPresent(proto -> scope.put("protocol", proto));
        block.scope().dstPort().ifPresent(port -> scope.put("dst_port", port));
        block.alertId().ifPresent(alertId -> json.put("alert_id", alertId));
        json.put("created", timestamp(block.createdMillis()));
        block.expiresMillis().ifPresent(expires -> json.put("expires", timestamp(expires)));
        json.put("intent_key", block.intentKey());
    }

    /**
     * @param millis ms since the epoch
     * @return Suricata's timestamp text, in UTC: {@code 2026-01-15T10:00:02.123000+0000}
     */
    public static String timestamp(long millis) {
        return TIMESTAMP.format(Instant.ofEpochMilli(millis));
    }

    /**
     * @param key a flow
     * @return a 48-bit id the same for every event of the flow key, on every ONOS instance
     */
    public static long flowId(FlowKey key) {
        return Hashing.murmur3_128().newHasher()
                .putInt(key.clientIp().toInt()).putInt(key.serverIp().toInt())
                .putInt(key.clientPort()).putInt(key.serverPort()).putInt(key.protocol())
                .hash().asLong() & FLOW_ID_MASK;
    }

    /**
     * @param className an attack class
     * @return its signature id: the same for the class name in every model, in 1,900,001..1,999,999
     */
    public static int signatureId(String className) {
        CRC32 crc = new CRC32();
        crc.update(className.getBytes(StandardCharsets.UTF_8));
        return BLOCK_SIGNATURE_ID + 1 + (int) (crc.getValue() % CLASS_SIGNATURE_IDS);
    }

    /**
     * @param protocol IPv4 protocol number
     * @return the name Suricata writes (TCP, UDP, ICMP, …) or the number
     */
    static String proto(int protocol) {
        switch (protocol) {
            case PROTO_ICMP:
                return "ICMP";
            case 6:
                return "TCP";
            case 17:
                return "UDP";
            case 47:
                return "GRE";
            case 132:
                return "SCTP";
            default:
                return Integer.toString(protocol);
        }
    }

    /** Suricata's alert severity: 1 is the highest. */
    static int eveSeverity(AlertSeverity severity) {
        switch (severity) {
            case HIGH:
                return 1;
            case MEDIUM:
                return 2;
            default:
                return 3;
        }
    }

    static int syslogSeverity(AlertSeverity severity) {
        switch (severity) {
            case HIGH:
                return SYSLOG_CRITICAL;
            case MEDIUM:
                return SYSLOG_WARNING;
            default:
                return SYSLOG_NOTICE;
        }
    }

    private static String write(ObjectNode json) {
        try {
            return MAPPER.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            // A tree of plain values always serializes.
            throw new IllegalStateException(e);
        }
    }
}
