/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.collect.ImmutableList;
import org.junit.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Dictionary;
import java.util.Hashtable;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.netflow.NetflowExportConfig.COLLECTORS;
import static org.onosproject.nids.impl.netflow.NetflowExportConfig.MAX_PACKET_BYTES;
import static org.onosproject.nids.impl.netflow.NetflowExportConfig.TEMPLATE_REFRESH_PACKETS;
import static org.onosproject.nids.impl.netflow.NetflowExportConfig.TEMPLATE_REFRESH_SECONDS;

/**
 * Collector parsing and the lenient reading of component properties.
 */
public class NetflowExportConfigTest {

    @Test
    public void parsesIpv4Ipv6AndHostNames() throws Exception {
        assertEquals(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 2055),
                     NetflowExportConfig.parseCollector("127.0.0.1:2055"));
        assertEquals(new InetSocketAddress(InetAddress.getByName("::1"), 9995),
                     NetflowExportConfig.parseCollector(" [::1]:9995 "));
        assertEquals(new InetSocketAddress(InetAddress.getByName("localhost"), 4739),
                     NetflowExportConfig.parseCollector("localhost:4739"));
    }

    @Test
    public void rejectsMalformedCollectors() {
        for (String bad : new String[]{"127.0.0.1", "127.0.0.1:", ":2055", "127.0.0.1:0", "127.0.0.1:65536",
                "127.0.0.1:x", "::1:2055", "[]:2055"}) {
            try {
                NetflowExportConfig.parseCollector(bad);
                throw new AssertionError("accepted " + bad);
            } catch (IllegalArgumentException expected) {
                // as it should
            }
        }
    }

    @Test
    public void missingPropertiesTakeDefaultsAndMeanNoExport() {
        NetflowExportConfig config = NetflowExportConfig.fromProperties(null);

        assertTrue(config.collectors().isEmpty());
        assertEquals(NetflowExportConfig.TEMPLATE_REFRESH_PACKETS_DEFAULT, config.templateRefreshPackets());
        assertEquals(NetflowExportConfig.TEMPLATE_REFRESH_SECONDS_DEFAULT, config.templateRefreshSeconds());
        assertEquals(NetflowExportConfig.MAX_PACKET_BYTES_DEFAULT, config.maxPacketBytes());
    }

    @Test
    public void readsPropertiesAndSkipsOnlyTheBadEntries() throws Exception {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(COLLECTORS, "127.0.0.1:2055, nonsense, [::1]:9995,");
        properties.put(TEMPLATE_REFRESH_PACKETS, "5");
        properties.put(TEMPLATE_REFRESH_SECONDS, 30);
        properties.put(MAX_PACKET_BYTES, "-1");

        NetflowExportConfig config = NetflowExportConfig.fromProperties(properties);

        assertEquals(ImmutableList.of(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 2055),
                                      new InetSocketAddress(InetAddress.getByName("::1"), 9995)),
                     config.collectors());
        assertEquals(5, config.templateRefreshPackets());
        assertEquals(30, config.templateRefreshSeconds());
        assertEquals(NetflowExportConfig.MAX_PACKET_BYTES_DEFAULT, config.maxPacketBytes());
    }

    @Test
    public void tooSmallPacketSizeFallsBackToTheDefault() {
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put(MAX_PACKET_BYTES, "100");

        assertEquals(NetflowExportConfig.MAX_PACKET_BYTES_DEFAULT,
                     NetflowExportConfig.fromProperties(properties).maxPacketBytes());
    }
}
