/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.codec.AlertTestData.KEY;
import static org.onosproject.nids.codec.AlertTestData.OTHER_KEY;
import static org.onosproject.nids.codec.AlertTestData.S1;
import static org.onosproject.nids.codec.AlertTestData.S2;
import static org.onosproject.nids.codec.AlertTestData.T0;
import static org.onosproject.nids.codec.AlertTestData.dos;
import static org.onosproject.nids.codec.AlertTestData.record;

/** {@link AlertFlowRecordCodec} and {@link AlertFlowKeyCodec}: flow records and keys as JSON, and back. */
public class AlertFlowRecordCodecTest {

    private static final AlertFlowRecordCodec FLOW_RECORD = new AlertFlowRecordCodec();
    private static final AlertFlowKeyCodec FLOW_KEY = new AlertFlowKeyCodec();

    private final NidsTestModels.Context context = new NidsTestModels.Context();

    @Test
    public void encodesARecord() throws Exception {
        ObjectNode json = FLOW_RECORD.encode(dos(S1, KEY, T0), context);
        assertEquals(new ObjectMapper().readTree("{\"deviceId\":\"device:s1\",\"ingressPort\":1,"
                + "\"clientIngressPort\":1,"
                + "\"flow\":{\"clientIp\":\"10.0.0.1\",\"clientPort\":51512,\"serverIp\":\"10.0.0.2\","
                + "\"serverPort\":80,\"protocol\":6},\"reason\":\"ALERT\",\"modelId\":\""
                + AlertTestData.MODEL.modelId() + "\",\"classId\":1,\"class\":\"DoS\",\"attack\":true,\"leafId\":1,"
                + "\"phase\":0,\"confidencePermille\":0,\"alert\":false,\"bank\":0,\"slot\":77,\"firstSeenMicros\":1000,\"lastSeenMicros\":250000,"
                + "\"received\":\"2026-01-15T10:00:00Z\",\"receivedMillis\":1768471200000,"
                + "\"features\":{\"PROTOCOL\":6,\"IN_BYTES\":412,\"IN_PKTS\":9}}").toString(),
                json.toString());
    }

    @Test
    public void roundTrips() {
        for (FlowRecord record : List.of(
                dos(S1, KEY, T0),
                record(S2, OTHER_KEY, null, 0, null, 0, Map.of(), T0),
                record(S2, OTHER_KEY, null, 3, null, 5, Map.of("IN_PKTS", 1L), T0),
                record(S1, KEY, "nids-00000000000000ff", 0, "Benign", 2, Map.of("IN_BYTES", 10L), 0),
                // A confident verdict of phase 4: it raised an alert.
                FlowRecord.builder().deviceId(S1).ingressPort(PortNumber.portNumber(2)).key(KEY).reason("PHASE")
                        .features(Map.of("IN_PKTS", 4L)).classId(1).className("DoS").leafId(3).phase(4)
                        .confidencePermille(982).alert(true).receivedMillis(T0).build())) {
            assertEquals(record, FLOW_RECORD.decode(FLOW_RECORD.encode(record, context),
                    context));
        }
        // A record without class name shows the class id.
        assertEquals("3", FLOW_RECORD.encode(record(S2, OTHER_KEY, null, 3, null, 5, Map.of(), T0),
                context).get("class").asText());
        // A record of an older app (no phase, confidence or alert) reads as an end verdict that raised no alert.
        ObjectNode older = FLOW_RECORD.encode(dos(S1, KEY, T0), context);
        older.remove(List.of("phase", "confidencePermille", "alert"));
        assertEquals(dos(S1, KEY, T0), FLOW_RECORD.decode(older, context));
    }

    @Test
    public void flowKeysRoundTripAndRead() {
        for (FlowKey key : List.of(KEY, OTHER_KEY)) {
            assertEquals(key, FLOW_KEY.decode(FLOW_KEY.encode(key, context), context));
        }
        assertEquals("10.0.0.1:51512 > 10.0.0.2:80 proto 6", KEY.describe());
    }
}
