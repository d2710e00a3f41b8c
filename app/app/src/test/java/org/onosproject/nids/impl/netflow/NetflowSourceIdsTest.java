/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.junit.Test;
import org.onosproject.net.DeviceId;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

/**
 * Source ids: one per switch, stable across exporter instances, distinct even when CRC-32 collides.
 */
public class NetflowSourceIdsTest {

    @Test
    public void sourceIdIsTheCrc32OfTheDeviceId() {
        DeviceId s1 = DeviceId.deviceId("device:bmv2:s1");
        CRC32 crc = new CRC32();
        crc.update("device:bmv2:s1".getBytes(StandardCharsets.UTF_8));

        assertEquals(crc.getValue(), new SourceIds().sourceId(s1));
        assertEquals(new SourceIds().sourceId(s1), new SourceIds().sourceId(s1));
    }

    @Test
    public void devicesGetDistinctIdsAndKeepThem() {
        SourceIds ids = new SourceIds();
        long s1 = ids.sourceId(DeviceId.deviceId("device:bmv2:s1"));
        long s2 = ids.sourceId(DeviceId.deviceId("device:bmv2:s2"));

        assertNotEquals(s1, s2);
        assertEquals(s1, ids.sourceId(DeviceId.deviceId("device:bmv2:s1")));
    }

    @Test
    public void collidingDeviceTakesTheNextFreeId() {
        // "plumless" and "buckeroo" are a well-known CRC-32 collision.
        DeviceId first = DeviceId.deviceId("plumless");
        DeviceId second = DeviceId.deviceId("buckeroo");
        assertEquals(SourceIds.stableId(first), SourceIds.stableId(second));
        SourceIds ids = new SourceIds();

        long firstId = ids.sourceId(first);
        long secondId = ids.sourceId(second);

        assertEquals(SourceIds.stableId(first), firstId);
        assertEquals((firstId + 1) % (1L << 32), secondId);
    }
}
