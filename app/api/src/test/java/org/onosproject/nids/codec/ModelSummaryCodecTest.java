/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Model summaries: what they take from a bundle, their JSON, and back. */
public class ModelSummaryCodecTest {

    private final NidsTestModels.Context context = new NidsTestModels.Context();
    private final ModelSummaryCodec codec = new ModelSummaryCodec();

    @Test
    public void summaryCountsClassesFeaturesLeavesAndEntriesOfTheBundle() {
        ModelBundle bundle = NidsTestModels.multiClass("three", "2026-02-01T09:30:00Z");
        ModelSummary summary = ModelSummary.of(bundle, true, FeatureCatalog.standard());
        assertEquals(bundle.modelId(), summary.id());
        assertEquals(List.of("Benign", "DoS", "Scan"), summary.classes());
        assertEquals(8, summary.slots());
        // slots are assigned in ascending feature id: PROTOCOL (3) before IN_BYTES (4)
        assertEquals(List.of("PROTOCOL", "IN_BYTES"), summary.features());
        assertEquals(3, summary.leaves());
        assertEquals(bundle.phases().get(0).compiled().featureEntries().size(), summary.featureEntries());
        assertEquals(3, summary.decisionEntries());
        assertEquals(summary.featureEntries() + 3, summary.entries());
        assertTrue(summary.active());
    }

    @Test
    public void encodesEveryField() {
        ModelSummary summary = new ModelSummary("nids-0123456789abcdef", "m", "2026-01-01T00:00:00Z",
                List.of("Benign", "Attack"), 8, List.of("L4_DST_PORT"), 5, 7, 4, false);
        ObjectNode json = codec.encode(summary, context);
        assertEquals("nids-0123456789abcdef", json.get("id").asText());
        assertEquals("m", json.get("name").asText());
        assertEquals("2026-01-01T00:00:00Z", json.get("createdAt").asText());
        assertEquals("Attack", json.get("classes").get(1).asText());
        assertEquals(8, json.get("slots").asInt());
        assertEquals("L4_DST_PORT", json.get("features").get(0).asText());
        assertEquals(5, json.get("leaves").asInt());
        assertEquals(11, json.get("entries").asInt());
        assertEquals(7, json.get("featureEntries").asInt());
        assertEquals(4, json.get("decisionEntries").asInt());
        assertFalse(json.get("active").asBoolean());
    }

    @Test
    public void roundTrip() {
        ModelSummary summary = ModelSummary.of(NidsTestModels.binary("two", "2026-01-15T10:00:00Z"), false,
                FeatureCatalog.standard());
        assertEquals(summary, codec.decode(codec.encode(summary, context), context));
    }

    @Test
    public void decodeNamesAMissingField() {
        ObjectNode json = codec.encode(ModelSummary.of(NidsTestModels.binary("two", "2026-01-15T10:00:00Z"),
                false, FeatureCatalog.standard()), context);
        json.remove("leaves");
        try {
            codec.decode(json, context);
            fail("decoded a summary without leaves");
        } catch (IllegalArgumentException e) {
            assertEquals("missing field \"leaves\"", e.getMessage());
        }
    }
}
