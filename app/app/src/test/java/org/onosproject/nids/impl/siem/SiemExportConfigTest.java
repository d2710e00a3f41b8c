/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.util.Hashtable;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** {@link SiemExportConfig}: taken whole or refused whole with one line naming the property and the reason. */
public class SiemExportConfigTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static Hashtable<String, Object> props(Object... pairs) {
        Hashtable<String, Object> table = new Hashtable<>();
        for (int i = 0; i < pairs.length; i += 2) {
            table.put((String) pairs[i], pairs[i + 1]);
        }
        return table;
    }

    private static void refused(Hashtable<String, Object> properties, String expectedStart) {
        try {
            SiemExportConfig.fromProperties(properties);
            fail("accepted " + properties);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith(expectedStart));
            assertFalse(e.getMessage(), e.getMessage().contains("\n"));
        }
    }

    @Test
    public void theDefaultsExportNothing() {
        SiemExportConfig config = SiemExportConfig.fromProperties(null);
        assertEquals(SiemExportConfig.DEFAULT, config);
        assertFalse(config.exports());
        assertEquals("local0", config.properties().get("syslogFacility"));
    }

    @Test
    public void readsEveryProperty() throws Exception {
        String file = folder.getRoot().toPath().resolve("eve.json").toString();
        SiemExportConfig config = SiemExportConfig.fromProperties(props(
                "eveFile", file, "eveFileMaxBytes", "8192", "eveFileCount", 3,
                "syslogCollectors", " udp://127.0.0.1:514 , tcp://[::1]:6514", "syslogFacility", "AUTH",
                "siemQueueSize", "50"));
        assertTrue(config.exports());
        assertEquals(file, config.eveFile().get().toString());
        assertEquals(8192, config.eveFileMaxBytes());
        assertEquals(3, config.eveFileCount());
        assertEquals(List.of(SyslogCollector.parse("udp://127.0.0.1:514"), SyslogCollector.parse("tcp://[::1]:6514")),
                     config.collectors());
        assertEquals(4, config.facility());
        assertEquals(50, config.queueSize());
        assertEquals("udp://127.0.0.1:514,tcp://[0:0:0:0:0:0:0:1]:6514",
                     config.properties().get("syslogCollectors"));
        assertEquals("auth", config.properties().get("syslogFacility"));
        assertEquals(config, SiemExportConfig.fromProperties(props("eveFile", file, "eveFileMaxBytes", 8192,
                "eveFileCount", 3, "syslogCollectors", config.properties().get("syslogCollectors"),
                "syslogFacility", "4", "siemQueueSize", 50)));
    }

    @Test
    public void refusesBadValuesNamingPropertyAndReason() {
        refused(props("eveFile", "eve.json"), "eveFile=\"eve.json\": not an absolute path");
        refused(props("eveFile", folder.getRoot().toString()), "eveFile=\"" + folder.getRoot() + "\": is a directory");
        refused(props("eveFile", "/no/such/dir/eve.json"), "eveFile=\"/no/such/dir/eve.json\": no directory");
        refused(props("eveFileMaxBytes", "100"), "eveFileMaxBytes=\"100\": expected 4096..");
        refused(props("eveFileCount", "0"), "eveFileCount=\"0\": expected 1..100");
        refused(props("eveFileCount", "x"), "eveFileCount=\"x\": not an integer");
        refused(props("syslogCollectors", "127.0.0.1:514"), "syslogCollectors=\"127.0.0.1:514\": \"127.0.0.1:514\": "
                + "expected udp://host:port");
        refused(props("syslogCollectors", "sctp://127.0.0.1:514"), "syslogCollectors=\"sctp://127.0.0.1:514\": "
                + "\"sctp://127.0.0.1:514\": transport must be udp or tcp");
        refused(props("syslogCollectors", "udp://127.0.0.1:0"), "syslogCollectors=\"udp://127.0.0.1:0\": "
                + "\"udp://127.0.0.1:0\": port out of range");
        refused(props("syslogCollectors", "udp://no-such-host.invalid:514"), "syslogCollectors=");
        refused(props("syslogCollectors", "udp://127.0.0.1:514,udp://127.0.0.1:514"),
                "syslogCollectors=\"udp://127.0.0.1:514,udp://127.0.0.1:514\": a collector is listed twice");
        refused(props("syslogFacility", "local9"), "syslogFacility=\"local9\": expected a facility name");
        refused(props("syslogFacility", "24"), "syslogFacility=\"24\": expected a facility name");
        refused(props("siemQueueSize", "0"), "siemQueueSize=\"0\": expected 1..1000000");
    }
}
