/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.DeviceView;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** Device views: state and counters in JSON, and back. */
public class DeviceViewCodecTest {

    private final NidsTestModels.Context context = new NidsTestModels.Context();
    private final DeviceViewCodec codec = new DeviceViewCodec();

    private static DeviceView programmed() {
        return new DeviceView(DeviceId.deviceId("device:s1"), "org.onosproject.nids.bmv2", true, 1, "nids-m", 12,
                "earlier write failed", 1_767_225_600_000L,
                List.of(new DeviceView.ClassCounter(0, "Benign", 1200), new DeviceView.ClassCounter(1, null, 7)),
                Map.of("sent.ALERT", 12L, "evictions", 3L));
    }

    @Test
    public void encodesStateAndCounters() {
        ObjectNode json = codec.encode(programmed(), context);
        assertEquals("device:s1", json.get("deviceId").asText());
        assertEquals("org.onosproject.nids.bmv2", json.get("pipeconfId").asText());
        assertTrue(json.get("available").asBoolean());
        assertEquals(1, json.get("activeBank").asInt());
        assertEquals("nids-m", json.get("modelId").asText());
        assertEquals(12, json.get("entries").asInt());
        assertEquals("earlier write failed", json.get("lastError").asText());
        assertEquals(1_767_225_600_000L, json.get("updatedMillis").asLong());
        assertEquals("Benign", json.get("classCounters").get(0).get("class").asText());
        assertEquals(1200, json.get("classCounters").get(0).get("packets").asLong());
        assertTrue(json.get("classCounters").get(1).get("class").isNull());
        assertEquals(12, json.get("reportCounters").get("sent.ALERT").asLong());
        // report counters come sorted by name
        assertEquals("evictions", json.get("reportCounters").fieldNames().next());
    }

    @Test
    public void aSwitchWithoutBankHasNullBankModelAndError() {
        DeviceView fresh = new DeviceView(DeviceId.deviceId("device:s9"), null, false, DeviceModelState.NO_BANK,
                null, 0, null, 0, List.of(), Map.of());
        ObjectNode json = codec.encode(fresh, context);
        assertTrue(json.get("activeBank").isNull());
        assertTrue(json.get("modelId").isNull());
        assertTrue(json.get("pipeconfId").isNull());
        assertTrue(json.get("lastError").isNull());
        assertFalse(json.get("available").asBoolean());
        assertEquals(fresh, codec.decode(json, context));
    }

    @Test
    public void roundTrip() {
        assertEquals(programmed(), codec.decode(codec.encode(programmed(), context), context));
    }
}
