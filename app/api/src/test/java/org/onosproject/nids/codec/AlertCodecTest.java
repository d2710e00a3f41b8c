/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.detection.AlertSeverity;
import org.onosproject.nids.model.tree.Condition;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.onosproject.nids.codec.AlertTestData.S1;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.alert;

/** {@link AlertCodec}: the JSON of an alert, and back. */
public class AlertCodecTest {

    private final NidsTestModels.Context context = new NidsTestModels.Context();
    private final AlertCodec codec = new AlertCodec();

    @Test
    public void encodesEveryFieldWithTheDecisionPathInWords() throws Exception {
        ObjectNode json = codec.encode(alert(42, AlertState.OPEN, T0), context);
        assertEquals(new ObjectMapper().readTree("{\"id\":42,\"state\":\"OPEN\",\"severity\":\"HIGH\","
                + "\"classId\":1,\"class\":\"DoS\",\"modelId\":\"" + AlertTestData.MODEL.modelId() + "\","
                + "\"leafId\":1,\"flow\":{\"clientIp\":\"10.0.0.1\",\"clientPort\":51512,\"serverIp\":\"10.0.0.2\","
                + "\"serverPort\":80,\"protocol\":6},"
                + "\"firstSeen\":\"2026-01-15T10:00:00Z\",\"firstSeenMillis\":1768471200000,"
                + "\"lastSeen\":\"2026-01-15T10:00:00Z\",\"lastSeenMillis\":1768471200000,"
                + "\"reportCount\":1,\"devices\":{\"device:s1\":1},\"blockId\":null,\"incidentId\":null,"
                + "\"explanation\":\"IN_BYTES = 412 <= 1000\","
                + "\"decisionPath\":[{\"featureId\":4,\"feature\":\"IN_BYTES\",\"operator\":\"<=\",\"bound\":1000,"
                + "\"value\":412,\"holds\":true,\"text\":\"IN_BYTES = 412 <= 1000\"}],"
                + "\"features\":{\"PROTOCOL\":6,\"IN_BYTES\":412,\"IN_PKTS\":9}}").toString(),
                json.toString());
    }

    @Test
    public void roundTrips() {
        Map<org.onosproject.net.DeviceId, Long> devices = new LinkedHashMap<>();
        devices.put(S2, 4L);
        devices.put(S1, 1L);
        for (NidsAlert alert : List.of(
                alert(1, AlertState.OPEN, T0),
                alert(2, AlertState.ACKNOWLEDGED, T0),
                alert(3, AlertState.BLOCKED, T0),
                alert(6, AlertState.OPEN, T0).toBuilder().incidentId(7L).build(),
                alert(4, AlertState.OPEN, T0).toBuilder().modelId(null).className("5").classId(5).leafId(0)
                        .decisionPath(List.of()).features(Map.of()).severity(AlertSeverity.LOW).build(),
                alert(5, AlertState.OPEN, T0).toBuilder().deviceReports(devices).reportCount(5)
                        .lastSeenMillis(T0 + 9000).decisionPath(List.of(
                                new DecisionStep(4, "IN_BYTES", Condition.Operator.GREATER, 1000, 1412),
                                new DecisionStep(3, "PROTOCOL", Condition.Operator.GREATER, 6, 5)))
                        .build())) {
            NidsAlert decoded = codec.decode(codec.encode(alert, context), context);
            assertEquals(alert, decoded);
            assertEquals(List.copyOf(alert.devices()), List.copyOf(decoded.devices()));
        }
    }

    @Test
    public void explanationOfAnAlertWithoutPath() {
        NidsAlert alert = alert(1, AlertState.OPEN, T0).toBuilder().leafId(9).decisionPath(List.of()).build();
        assertEquals("leaf 9 (decision path unknown)", AlertCodec.explanation(alert));
        assertEquals("IN_BYTES = 1412 > 1000 and PROTOCOL = 5, not > 6", AlertCodec.explanation(
                alert.toBuilder().decisionPath(List.of(
                        new DecisionStep(4, "IN_BYTES", Condition.Operator.GREATER, 1000, 1412),
                        new DecisionStep(3, "PROTOCOL", Condition.Operator.GREATER, 6, 5))).build()));
    }

    @Test
    public void decodingRefusesBadFieldsByName() {
        ObjectNode good = codec.encode(alert(1, AlertState.OPEN, T0), context);
        assertRefused(good.deepCopy().put("state", "CLOSED"), "unknown state \"CLOSED\"");
        assertRefused(good.deepCopy().put("severity", "URGENT"), "unknown severity \"URGENT\"");
        ObjectNode badOperator = good.deepCopy();
        ((ObjectNode) badOperator.get("decisionPath").get(0)).put("operator", "<");
        assertRefused(badOperator, "unknown operator \"<\" (expected <= or >)");
        ObjectNode noFlow = good.deepCopy();
        noFlow.remove("flow");
        assertRefused(noFlow, "missing field \"flow\"");
        assertRefused(good.deepCopy().put("id", "x"), "field \"id\" is not an integer");
    }

    private void assertRefused(ObjectNode json, String reason) {
        try {
            codec.decode(json, context);
            fail("decoded " + json);
        } catch (IllegalArgumentException e) {
            assertEquals(reason, e.getMessage());
        }
    }
}
