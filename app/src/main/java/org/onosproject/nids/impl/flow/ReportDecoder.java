/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import com.google.common.collect.ImmutableMap;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.pipeconf.NidsConstants.HeaderField;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Decodes the report header that follows the Ethernet header of a report packet-in. The layout (field order and
 * widths) comes from the P4 program through the generated constants; the features are the fields named after the
 * catalog's features, scaled from data-plane units to feature units.
 */
public final class ReportDecoder {

    private final ImmutableMap<HeaderField, Feature> featureFields;

    /**
     * @param catalog the feature catalog the report's feature fields are named after
     * @throws IllegalStateException if the report header lacks a catalog feature (P4 and catalog disagree)
     */
    public ReportDecoder(FeatureCatalog catalog) {
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
    }

    /**
     * Decodes a report.
     *
     * @param header the bytes after the Ethernet header
     * @return the report
     * @throws MalformedReportException with the reason when the bytes are not a report this build understands
     */
    public FlowReport decode(byte[] header) {
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
        Optional<ReportReason> reason = ReportReason.ofCode(reasonCode);
        if (reason.isEmpty()) {
            throw new MalformedReportException("unknown report reason " + reasonCode);
        }
        FlowKey key = FlowKey.of(Ip4Address.valueOf((int) read(header, REPORT_FIELD_CLIENT_IP)),
                                 Ip4Address.valueOf((int) read(header, REPORT_FIELD_SERVER_IP)),
                                 (int) read(header, REPORT_FIELD_CLIENT_PORT),
                                 (int) read(header, REPORT_FIELD_SERVER_PORT),
                                 (int) read(header, REPORT_FIELD_PROTO));
        ImmutableMap.Builder<String, Long> features = ImmutableMap.builder();
        for (Map.Entry<HeaderField, Feature> e : featureFields.entrySet()) {
            features.put(e.getValue().name(), e.getValue().featureValueOf(read(header, e.getKey())));
        }
        return new FlowReport(reason.get(), (int) read(header, REPORT_FIELD_FLAGS),
                              (int) read(header, REPORT_FIELD_BANK), (int) read(header, REPORT_FIELD_CLASS_ID),
                              (int) read(header, REPORT_FIELD_LEAF_ID), read(header, REPORT_FIELD_SLOT),
                              (int) read(header, REPORT_FIELD_INGRESS_PORT), read(header, REPORT_FIELD_MODEL_EPOCH),
                              key, features.build(), read(header, REPORT_FIELD_FIRST_SEEN),
                              read(header, REPORT_FIELD_LAST_SEEN));
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

    /** A packet-in that claims to be a report but cannot be decoded. */
    public static final class MalformedReportException extends RuntimeException {
        public MalformedReportException(String message) {
            super(message);
        }
    }
}
