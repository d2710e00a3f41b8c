/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Rollout results: per-device outcomes in JSON, and back. */
public class RolloutResultCodecTest {

    static final DeviceId S1 = DeviceId.deviceId("device:s1");
    static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private final NidsTestModels.Context context = new NidsTestModels.Context();
    private final RolloutResultCodec codec = new RolloutResultCodec();

    static RolloutResult failed() {
        return new RolloutResult("nids-new", "nids-old", List.of(
                new DeviceResult(S1, Outcome.ROLLED_BACK, 1, 12, null, 30),
                new DeviceResult(S2, Outcome.FAILED, 0, 0, "write of bank 0 timed out", 5000)), 5040);
    }

    @Test
    public void encodesEveryDeviceWithNullsForWhatIsAbsent() {
        RolloutResult ok = new RolloutResult("nids-new", null,
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 1, 12, null, 30)), 31);
        ObjectNode json = codec.encode(ok, context);
        assertEquals("nids-new", json.get("modelId").asText());
        assertTrue(json.get("previousModelId").isNull());
        assertTrue(json.get("succeeded").asBoolean());
        assertEquals(31, json.get("elapsedMillis").asLong());
        ObjectNode device = (ObjectNode) json.get("devices").get(0);
        assertEquals("device:s1", device.get("deviceId").asText());
        assertEquals("FLIPPED", device.get("outcome").asText());
        assertEquals(1, device.get("bank").asInt());
        assertEquals(12, device.get("entries").asInt());
        assertTrue(device.get("error").isNull());
        assertEquals(30, device.get("millis").asLong());
    }

    @Test
    public void aFailedRolloutSaysSoAndKeepsTheError() {
        ObjectNode json = codec.encode(failed(), context);
        assertFalse(json.get("succeeded").asBoolean());
        assertEquals("nids-old", json.get("previousModelId").asText());
        assertEquals("ROLLED_BACK", json.get("devices").get(0).get("outcome").asText());
        assertEquals("write of bank 0 timed out", json.get("devices").get(1).get("error").asText());
    }

    @Test
    public void roundTrip() {
        ObjectNode json = codec.encode(failed(), context);
        RolloutResult read = codec.decode(json, context);
        assertEquals("nids-new", read.modelId());
        assertEquals(S2, read.failure().orElseThrow().deviceId());
        assertEquals(json, codec.encode(read, context));
    }

    @Test
    public void decodeRefusesAnUnknownOutcome() {
        ObjectNode json = codec.encode(failed(), context);
        ((ObjectNode) json.get("devices").get(0)).put("outcome", "EXPLODED");
        try {
            codec.decode(json, context);
            fail("decoded an unknown outcome");
        } catch (IllegalArgumentException e) {
            assertEquals("unknown rollout outcome \"EXPLODED\"", e.getMessage());
        }
    }
}
