/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import org.onosproject.net.DeviceId;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * Gives each switch its own v9 source id (observation domain), so collectors keep one sequence and one template
 * set per switch.
 * <p>
 * The id is the CRC-32 of the device id, so a switch keeps its id across controller restarts and every controller
 * instance agrees on it. On the rare collision the later device takes the next free id. Not thread-safe: the
 * exporter holds its lock.
 */
final class SourceIds {

    private static final long ID_SPACE = 1L << 32;

    private final Map<DeviceId, Long> byDevice = new HashMap<>();
    private final Map<Long, DeviceId> byId = new HashMap<>();

    /**
     * The source id of a device, assigned on first use.
     *
     * @param deviceId the switch
     * @return its source id (unsigned 32-bit)
     */
    long sourceId(DeviceId deviceId) {
        Long known = byDevice.get(deviceId);
        if (known != null) {
            return known;
        }
        long id = stableId(deviceId);
        while (byId.containsKey(id)) {
            id = (id + 1) % ID_SPACE;
        }
        byDevice.put(deviceId, id);
        byId.put(id, deviceId);
        return id;
    }

    /**
     * The id a device gets when nothing collides with it.
     *
     * @param deviceId the switch
     * @return CRC-32 of the device id's text
     */
    static long stableId(DeviceId deviceId) {
        CRC32 crc = new CRC32();
        crc.update(deviceId.toString().getBytes(StandardCharsets.UTF_8));
        return crc.getValue();
    }
}
