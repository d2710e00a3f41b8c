/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.Key;
import org.onosproject.net.intent.MockIdGenerator;
import org.onosproject.nids.api.BlockIntent;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.fail;

/** {@link BlockCodec} and {@link BlockRequestCodec}: a block's JSON and back, and the POST body with its refusals. */
public class BlockCodecTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final BlockCodec BLOCK = new BlockCodec();
    private static final BlockRequestCodec BLOCK_REQUEST = new BlockRequestCodec();

    private final NidsTestModels.Context context = new NidsTestModels.Context();

    static NidsBlock autoBlock() {
        return NidsBlock.builder().id("4").src(Ip4Address.valueOf("10.0.0.3"))
                .scope(BlockScope.of(Ip4Prefix.valueOf("10.0.1.0/24"), 6, 80)).reason("auto-block: HIGH DoS alert 42")
                .alertId(42L).incidentId(7L).origin(BlockOrigin.AUTO).createdMillis(1000).expiresMillis(601_000)
                .build().withStatus("INSTALLED", List.of(DeviceId.deviceId("device:bmv2:s1")));
    }

    @Test
    public void encodesEveryField() throws Exception {
        assertEquals(MAPPER.readTree("{\"id\":\"4\",\"src\":\"10.0.0.3\","
                + "\"scope\":{\"dst\":\"10.0.1.0/24\",\"protocol\":6,\"dstPort\":80},"
                + "\"reason\":\"auto-block: HIGH DoS alert 42\",\"alertId\":42,\"incidentId\":7,\"origin\":\"auto\","
                + "\"createdAt\":1000,\"expiresAt\":601000,\"state\":\"INSTALLED\",\"intentKey\":\"nids-block-4\","
                + "\"devices\":[\"device:bmv2:s1\"]}"),
                     MAPPER.readTree(BLOCK.encode(autoBlock(), context).toString()));
    }

    @Test
    public void leavesOutWhatABlockDoesNotHave() {
        NidsBlock manual = NidsBlock.builder().id("5").src(Ip4Address.valueOf("10.0.0.1")).reason("by hand")
                .createdMillis(1000).build();
        ObjectNode json = BLOCK.encode(manual, context);
        assertFalse(json.has("alertId"));
        assertFalse(json.has("incidentId"));
        assertFalse(json.has("expiresAt"));
        assertEquals("{}", json.get("scope").toString());
        assertEquals("manual", json.get("origin").asText());
        assertEquals("[]", json.get("devices").toString());
    }

    @Test
    public void decodesWhatItEncodes() {
        NidsBlock block = autoBlock();
        assertEquals(block, BLOCK.decode(BLOCK.encode(block, context), context));
    }

    @Test
    public void aBlockIntentIsOnosGenericFieldsPlusWhatItDrops() {
        MockIdGenerator.cleanBind();
        try {
            ApplicationId app = new TestApplicationId("org.onosproject.nids");
            BlockIntent intent = BlockIntent.builder().appId(app).key(Key.of("nids-block-4", app))
                    .src(Ip4Address.valueOf("10.0.0.3")).scope(BlockScope.of(null, 6, 80)).build();
            ObjectNode json = new BlockIntentCodec().encode(intent, context);
            assertEquals("BlockIntent", json.get("type").asText());
            assertEquals("nids-block-4", json.get("key").asText());
            assertEquals("10.0.0.3", json.get("src").asText());
            assertEquals("{\"protocol\":6,\"dstPort\":80}", json.get("scope").toString());
        } finally {
            MockIdGenerator.unbind();
        }
    }

    private BlockRequest request(String json) throws Exception {
        return BLOCK_REQUEST.decode((ObjectNode) MAPPER.readTree(json), context);
    }

    @Test
    public void decodesARequest() throws Exception {
        BlockRequest request = request("{\"src\":\"10.0.0.3\",\"ttlSeconds\":600,\"reason\":\" port scan \","
                                               + "\"alertId\":42,\"incidentId\":7,\"scope\":{\"protocol\":17,\"dstPort\":53}}");
        assertEquals(Ip4Address.valueOf("10.0.0.3"), request.src());
        assertEquals(Optional.of(600L), request.ttlSeconds());
        assertEquals(Optional.of("port scan"), request.reason());
        assertEquals(Optional.of(42L), request.alertId());
        assertEquals(Optional.of(7L), request.incidentId());
        assertEquals(BlockScope.of(null, 17, 53), request.scope());
        assertEquals(BlockOrigin.MANUAL, request.origin());

        assertEquals(256, request("{\"src\":\"10.0.0.1\",\"reason\":\"" + "x".repeat(256) + "\"}")
                .reason().orElseThrow().length());
        // The edges of the unicast ranges are hosts.
        for (String host : new String[]{"1.0.0.0", "126.255.255.255", "128.0.0.1", "223.255.255.255", "10.0.0.255"}) {
            assertEquals(Ip4Address.valueOf(host), request("{\"src\":\"" + host + "\"}").src());
        }

        BlockRequest minimal = request("{\"src\":\"10.0.0.1\"}");
        assertEquals(Optional.empty(), minimal.ttlSeconds());
        assertEquals(BlockScope.ALL, minimal.scope());
        assertEquals(Optional.empty(), minimal.reason());
    }

    @Test
    public void refusesBadRequestsNamingTheField() throws Exception {
        String[][] cases = {
                {"{}", "missing field \"src\""},
                {"{\"src\":\"10.0.0.300\"}", "src: not an IPv4 address: \"10.0.0.300\""},
                {"{\"src\":\"10.1\"}", "src: not an IPv4 address: \"10.1\""},
                {"{\"src\":\"fe80::1\"}", "src: not an IPv4 address: \"fe80::1\""},
                {"{\"src\":\"10.0.0.1\",\"ttlSeconds\":-5}", "ttlSeconds: expected an integer 0..315360000, got -5"},
                {"{\"src\":\"10.0.0.1\",\"ttlSeconds\":\"soon\"}", "ttlSeconds: expected an integer 0.."},
                {"{\"src\":\"10.0.0.1\",\"ttlSeconds\":9223372036854775807}", "ttlSeconds: expected an integer 0.."},
                {"{\"src\":\"10.0.0.1\",\"alertId\":\"x\"}", "alertId: expected an alert id"},
                {"{\"src\":\"10.0.0.1\",\"incidentId\":-1}", "incidentId: expected an incident id"},
                {"{\"src\":\"10.0.0.1\",\"dst\":\"10.0.0.2\"}", "unknown field \"dst\""},
                {"{\"src\":\"10.0.0.1\",\"scope\":{\"dst\":\"10.0.0.0/40\"}}", "scope.dst: not an IPv4 address"},
                {"{\"src\":\"10.0.0.1\",\"scope\":{\"protocol\":300}}", "scope.protocol: expected an integer 0..255"},
                {"{\"src\":\"10.0.0.1\",\"scope\":{\"dstPort\":80}}", "scope: dstPort needs protocol 6"},
                {"{\"src\":\"10.0.0.1\",\"scope\":{\"port\":80}}", "unknown field \"scope.port\""},
                {"{\"src\":\"0.0.0.0\"}", "src: 0.0.0.0 is a \"this network\" address (0.0.0.0/8): only a unicast host"},
                {"{\"src\":\"255.255.255.255\"}", "src: 255.255.255.255 is the broadcast address"},
                {"{\"src\":\"224.0.0.251\"}", "src: 224.0.0.251 is a multicast address (224.0.0.0/4)"},
                {"{\"src\":\"239.255.255.250\"}", "src: 239.255.255.250 is a multicast address"},
                {"{\"src\":\"127.0.0.1\"}", "src: 127.0.0.1 is a loopback address (127.0.0.0/8)"},
                {"{\"src\":\"240.0.0.1\"}", "src: 240.0.0.1 is a reserved address (240.0.0.0/4)"},
                {"{\"src\":\"10.0.0.1\",\"reason\":\"" + "x".repeat(257) + "\"}",
                 "reason: at most 256 characters, got 257"},
                {"{\"src\":\"10.0.0.1\",\"reason\":\"scan\\nINFO forged line\"}", "reason: control characters"},
        };
        for (String[] c : cases) {
            try {
                request(c[0]);
                fail("accepted " + c[0]);
            } catch (IllegalArgumentException e) {
                assertEquals(c[0], true, e.getMessage().startsWith(c[1]));
            }
        }
    }
}
