/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelFormatException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The ONOS codec over model-core's ModelBundleCodec: model.json in and out, unchanged. */
public class ModelBundleJsonCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final NidsTestModels.Context context = new NidsTestModels.Context();
    private final ModelBundleJsonCodec codec = new ModelBundleJsonCodec();

    @Test
    public void encodesTheFixtureExactlyAsModelToolsWroteIt() throws Exception {
        ObjectNode fixture = (ObjectNode) MAPPER.readTree(NidsTestModels.resource("/rest/model.json"));
        ModelBundle bundle = codec.decode(fixture, context);
        assertEquals("nids-c03f60fb58a5165b", bundle.modelId());
        // compared as text: the codec puts longs where parsing gives ints for small numbers
        assertEquals(fixture, MAPPER.readTree(codec.encode(bundle, context).toString()));
    }

    @Test
    public void roundTripKeepsIdentityAndEntries() {
        ModelBundle bundle = NidsTestModels.multiClass("three", "2026-02-01T09:30:00Z");
        ModelBundle read = codec.decode(codec.encode(bundle, context), context);
        assertEquals(bundle.modelId(), read.modelId());
        assertEquals("three", read.name());
        assertEquals("2026-02-01T09:30:00Z", read.createdAt());
        assertEquals(bundle.phases().size(), read.phases().size());
        for (int i = 0; i < bundle.phases().size(); i++) {
            assertTrue(read.phases().get(i).compiled().sameEntriesAs(bundle.phases().get(i).compiled()));
        }
    }

    @Test
    public void decodeRefusesAnUnknownSchemaVersionByName() throws Exception {
        ObjectNode future = (ObjectNode) MAPPER.readTree(NidsTestModels.resource("/rest/model-schema-v7.json"));
        try {
            codec.decode(future, context);
            fail("read a version 7 bundle");
        } catch (ModelFormatException e) {
            assertEquals("unknown model schema version 7 (this build reads versions 1 and 2)", e.getMessage());
        }
    }
}
