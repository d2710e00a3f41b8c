/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableBiMap;
import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Data;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.MacAddress;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowReport;
import org.onosproject.nids.api.MalformedReportException;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportFormat;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.pipeconf.NidsConstants.HeaderField;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * The NIDS pipeline's report and probe headers, which follow the Ethernet header of a report packet-in and of a
 * probe packet-out. The layout (field order and widths) comes from the P4 program through the generated constants;
 * the features are the report fields named after the catalog's features, scaled from data-plane units to feature
 * units.
 */
public final class NidsReportFormat implements ReportFormat {

    /** Report reason codes of the P4 program. */
    private static final ImmutableBiMap<ReportReason, Integer> REASON_CODES =
            ImmutableBiMap.<ReportReason, Integer>builder()
                    .put(ReportReason.ALERT, REASON_ALERT)
                    .put(ReportReason.FLOW_END, REASON_FLOW_END)
                    .put(ReportReason.EVICT, REASON_EVICT)
                    .put(ReportReason.ACTIVE_TIMEOUT, REASON_ACTIVE_TIMEOUT)
                    .put(ReportReason.PROBE, REASON_PROBE)
                    .put(ReportReason.FLOW_START, REASON_FLOW_START)
                    .build();

    private final ImmutableMap<HeaderField, Feature> featureFields;
    private final int maxFeatureId;

    /**
     * @param catalog the feature catalog the report's feature fields are named after
     * @throws IllegalStateException if the report header lacks a catalog feature (P4 and catalog disagree)
     */
    public NidsReportFormat(FeatureCatalog catalog) {
        ImmutableMap.Builder<HeaderField, Feature> fields = ImmutableMap.builder();
        for (Feature feature : catalog.features()) {
            HeaderField field = REPORT_FIELDS.stream()
                    .filter(f -> f.name.toUpperCase(Locale.ROOT).equals(feature.name()))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException(
                            "report_t has no field for feature " + feature.name()));
            fields.put(field, feature);
        }
        this.featureFields = fields.build();
        this.maxFeatureId = catalog.features().stream().mapToInt(Feature::id).max().orElse(0);
    }

    /**
     * @param code a report reason code of the P4 program
     * @return the reason, if the code is known
     */
    static Optional<ReportReason> reasonOf(int code) {
        return Optional.ofNullable(REASON_CODES.inverse().get(code));
    }

    /**
     * @param reason a report reason
     * @return its code in the P4 program (report header, report counters, report mask)
     */
    static int codeOf(ReportReason reason) {
        return REASON_CODES.get(reason);
    }

    @Override
    public boolean isReport(int etherType) {
        return etherType == ETHERTYPE_REPORT;
    }

    @Override
    public int flowSlots() {
        return FLOW_TABLE_SIZE;
    }

    @Override
    public FlowReport decode(byte[] frame) {
        if (frame.length < Ethernet.ETHERNET_HEADER_LENGTH) {
            throw new MalformedReportException("frame of " + frame.length + " bytes, shorter than an Ethernet header");
        }
        byte[] header = new byte[frame.length - Ethernet.ETHERNET_HEADER_LENGTH];
        System.arraycopy(frame, Ethernet.ETHERNET_HEADER_LENGTH, header, 0, header.length);
        return decodeHeader(header);
    }

    /**
     * Decodes a report header.
     *
     * @param header the bytes after the Ethernet header
     * @return the report
     * @throws MalformedReportException with the reason when the bytes are not a report this build understands
     */
    FlowReport decodeHeader(byte[] header) {
        if (header.length < REPORT_HEADER_BYTES) {
            throw new MalformedReportException("report of " + header.length + " bytes, expected at least "
                                                       + REPORT_HEADER_BYTES);
        }
        long version = read(header, REPORT_FIELD_VERSION);
        if (version != REPORT_VERSION) {
            throw new MalformedReportException("report version " + version + ", this build reads version "
                                                       + REPORT_VERSION);
        }
        int reasonCode = (int) read(header, REPORT_FIELD_REASON);
        ReportReason reason = reasonOf(reasonCode)
                .orElseThrow(() -> new MalformedReportException("unknown report reason " + reasonCode));
        FlowKey key = FlowKey.of(Ip4Address.valueOf((int) read(header, REPORT_FIELD_CLIENT_IP)),
                                 Ip4Address.valueOf((int) read(header, REPORT_FIELD_SERVER_IP)),
                                 (int) read(header, REPORT_FIELD_CLIENT_PORT),
                                 (int) read(header, REPORT_FIELD_SERVER_PORT),
                                 (int) read(header, REPORT_FIELD_PROTO));
        ImmutableMap.Builder<String, Long> features = ImmutableMap.builder();
        long[] dataPlaneValues = new long[maxFeatureId + 1];
        for (Map.Entry<HeaderField, Feature> e : featureFields.entrySet()) {
            long value = read(header, e.getKey());
            dataPlaneValues[e.getValue().id()] = value;
            features.put(e.getValue().name(), e.getValue().featureValueOf(value));
        }
        long flags = read(header, REPORT_FIELD_FLAGS);
        long events = read(header, REPORT_FIELD_EVENTS);
        return FlowReport.builder()
                .reason(reason)
                .occupied((flags & REPORT_FLAG_OCCUPIED) != 0)
                .freed((flags & REPORT_FLAG_FREED) != 0)
                .classified((flags & REPORT_FLAG_CLASSIFIED) != 0)
                .alert((events & (1L << REASON_ALERT)) != 0)
                .bank((int) read(header, REPORT_FIELD_BANK))
                .classId((int) read(header, REPORT_FIELD_CLASS_ID))
                .leafId((int) read(header, REPORT_FIELD_LEAF_ID))
                .phase((int) read(header, REPORT_FIELD_PHASE))
                .confidencePermille((int) read(header, REPORT_FIELD_CONFIDENCE))
                .dataPlaneValues(dataPlaneValues)
                .slot(read(header, REPORT_FIELD_SLOT))
                .ingressPort((int) read(header, REPORT_FIELD_INGRESS_PORT))
                .clientIngressPort((int) read(header, REPORT_FIELD_CLIENT_INGRESS_PORT))
                .modelEpoch(read(header, REPORT_FIELD_MODEL_EPOCH))
                .key(key)
                .features(features.build())
                .firstSeenMicros(read(header, REPORT_FIELD_FIRST_SEEN))
                .lastSeenMicros(read(header, REPORT_FIELD_LAST_SEEN))
                .sequence(read(header, REPORT_FIELD_SEQUENCE))
                .build();
    }

    @Override
    public byte[] probe(long slot, boolean free, long minIdleMicros) {
        checkArgument(minIdleMicros >= 0 && minIdleMicros <= PipelineConfig.MAX_SWITCH_INTERVAL_MICROS,
                      "a probe's silence must be 0..%s us, not %s", PipelineConfig.MAX_SWITCH_INTERVAL_MICROS,
                      minIdleMicros);
        byte[] probe = new byte[PROBE_HEADER_BYTES];
        write(probe, PROBE_FIELD_SLOT, slot);
        write(probe, PROBE_FIELD_FLAGS, free ? PROBE_FLAG_FREE : 0);
        write(probe, PROBE_FIELD_MIN_IDLE_US, minIdleMicros);
        Ethernet frame = new Ethernet();
        frame.setDestinationMACAddress(MacAddress.ZERO).setSourceMACAddress(MacAddress.ZERO)
                .setEtherType((short) ETHERTYPE_PROBE)
                .setPayload(new Data(probe));
        return frame.serialize();
    }

    /** Reads a big-endian field of up to 64 bits at any bit offset. */
    static long read(byte[] bytes, HeaderField field) {
        long value = 0;
        for (int bit = field.bitOffset; bit < field.bitOffset + field.bitWidth; bit++) {
            int b = (bytes[bit >>> 3] >>> (7 - (bit & 7))) & 1;
            value = (value << 1) | b;
        }
        return value;
    }

    /** Writes a big-endian field of up to 64 bits at any bit offset (the bits must be zero). */
    static void write(byte[] bytes, HeaderField field, long value) {
        for (int i = 0; i < field.bitWidth; i++) {
            int bit = field.bitOffset + field.bitWidth - 1 - i;
            if (((value >>> i) & 1) != 0) {
                bytes[bit >>> 3] |= (byte) (0x80 >>> (bit & 7));
            }
        }
    }
}
