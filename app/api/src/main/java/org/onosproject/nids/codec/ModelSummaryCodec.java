/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.ModelSummary;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.required;
import static org.onosproject.nids.codec.CodecUtil.text;
import static org.onosproject.nids.codec.CodecUtil.texts;

/**
 * {@link ModelSummary} ⇄ JSON, one element of {@code GET /models}:
 * <pre>
 * {"id": "nids-…", "name": "…", "createdAt": "2026-01-01T00:00:00Z", "classes": ["Benign", "Attack"],
 *  "slots": 8, "features": ["L4_DST_PORT", …], "leaves": 27, "entries": 60, "featureEntries": 40,
 *  "decisionEntries": 20, "active": true}
 * </pre>
 */
public final class ModelSummaryCodec extends JsonCodec<ModelSummary> {

    static final String ID = "id";
    static final String NAME = "name";
    static final String CREATED_AT = "createdAt";
    static final String CLASSES = "classes";
    static final String SLOTS = "slots";
    static final String FEATURES = "features";
    static final String LEAVES = "leaves";
    static final String ENTRIES = "entries";
    static final String FEATURE_ENTRIES = "featureEntries";
    static final String DECISION_ENTRIES = "decisionEntries";
    static final String ACTIVE = "active";

    @Override
    public ObjectNode encode(ModelSummary summary, CodecContext context) {
        checkNotNull(summary, "summary");
        ObjectNode json = context.mapper().createObjectNode()
                .put(ID, summary.id())
                .put(NAME, summary.name())
                .put(CREATED_AT, summary.createdAt());
        summary.classes().forEach(json.putArray(CLASSES)::add);
        json.put(SLOTS, summary.slots());
        summary.features().forEach(json.putArray(FEATURES)::add);
        return json.put(LEAVES, summary.leaves())
                .put(ENTRIES, summary.entries())
                .put(FEATURE_ENTRIES, summary.featureEntries())
                .put(DECISION_ENTRIES, summary.decisionEntries())
                .put(ACTIVE, summary.active());
    }

    @Override
    public ModelSummary decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        return new ModelSummary(text(json, ID), text(json, NAME), text(json, CREATED_AT), texts(json, CLASSES),
                integer(json, SLOTS), texts(json, FEATURES), integer(json, LEAVES), integer(json, FEATURE_ENTRIES),
                integer(json, DECISION_ENTRIES), required(json, ACTIVE).asBoolean());
    }
}
