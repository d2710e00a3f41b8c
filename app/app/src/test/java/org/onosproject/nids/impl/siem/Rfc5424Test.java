/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.junit.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.Assert.assertEquals;

/** {@link Rfc5424}: the header fields, PRI, octet-counting framing. */
public class Rfc5424Test {

    private static final EveEvent EVENT = new EveEvent("alert", 1_768_471_202_123L, 2, "{\"event_type\":\"alert\"}");

    @Test
    public void messageIsPriVersionTimestampHostAppMsgidAndTheJson() {
        String message = new String(new Rfc5424(16, "onos 1").message(EVENT), StandardCharsets.UTF_8);
        assertEquals("<130>1 2026-01-15T10:00:02.123Z onos1 nids - alert - {\"event_type\":\"alert\"}", message);
    }

    @Test
    public void anEmptyHostnameIsNil() {
        String message = new String(new Rfc5424(1, " ").message(EVENT), StandardCharsets.UTF_8);
        assertEquals("<10>1 2026-01-15T10:00:02.123Z - nids - alert - {\"event_type\":\"alert\"}", message);
    }

    @Test
    public void octetCountingPrefixesTheLengthInBytes() {
        byte[] message = "<13>1 - - - - - é".getBytes(StandardCharsets.UTF_8);
        assertEquals("18 <13>1 - - - - - é",
                     new String(Rfc5424.octetCounted(message), StandardCharsets.UTF_8));
    }

    @Test(expected = IllegalArgumentException.class)
    public void facilityBeyond23IsRefused() {
        new Rfc5424(24, "h");
    }
}
