/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.junit.Test;
import org.onosproject.net.DeviceId;

import java.util.Optional;
import java.util.function.Supplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;
import static org.onosproject.nids.codec.AlertTestData.T0;

/** {@link AlertParams}: listing parameters as text, refused with a reason naming the parameter. */
public class AlertParamsTest {

    @Test
    public void goodValues() {
        assertEquals(AlertQuery.builder().build(), AlertParams.query(null, null, null, null));
        assertEquals(AlertQuery.builder().state(AlertState.ACKNOWLEDGED).sinceMillis(T0).className("DoS")
                .limit(10000).build(), AlertParams.query("acknowledged", "2026-01-15T10:00:00Z", " DoS ", "10000"));
        assertEquals(Optional.of(T0), AlertParams.since(Long.toString(T0)));
        assertEquals(Optional.of(T0), AlertParams.since("2026-01-15T11:00:00+01:00"));
        assertEquals(Optional.of(T0 + 500), AlertParams.since("2026-01-15T10:00:00.500Z"));
        assertEquals(1, AlertParams.limit("1"));
        assertEquals(Optional.of(DeviceId.deviceId("device:s1")), AlertParams.device("device:s1"));
        assertEquals(Optional.of(DeviceId.deviceId("grpc://10.0.0.1:50001?device_id=1")),
                AlertParams.device("grpc://10.0.0.1:50001?device_id=1"));
        assertEquals(Optional.of(42L), AlertParams.alertId("42"));
        assertEquals(Optional.empty(), AlertParams.alertId("x42"));
        assertEquals(Optional.empty(), AlertParams.alertId("-1"));
        assertEquals(Optional.empty(), AlertParams.alertId("99999999999999999999"));
    }

    @Test
    public void badValuesNameTheParameter() {
        assertRefused(() -> AlertParams.state("CLOSED"), "state: expected OPEN, ACKNOWLEDGED or BLOCKED, got \"CLOSED\"");
        assertRefused(() -> AlertParams.state(""), "state: expected OPEN, ACKNOWLEDGED or BLOCKED, got \"\"");
        assertRefused(() -> AlertParams.since("yesterday"), "since: expected an ISO-8601 instant "
                + "(e.g. 2026-01-15T10:00:00Z) or epoch milliseconds, got \"yesterday\"");
        assertRefused(() -> AlertParams.since("2026-01-15"), "since: expected an ISO-8601 instant "
                + "(e.g. 2026-01-15T10:00:00Z) or epoch milliseconds, got \"2026-01-15\"");
        assertRefused(() -> AlertParams.since("99999999999999999999"),
                "since: epoch milliseconds out of range: \"99999999999999999999\"");
        assertRefused(() -> AlertParams.className(" "), "class: expected a class name, got an empty value");
        assertRefused(() -> AlertParams.limit("0"), "limit: expected an integer 1..10000, got \"0\"");
        assertRefused(() -> AlertParams.limit("10001"), "limit: expected an integer 1..10000, got \"10001\"");
        assertRefused(() -> AlertParams.limit("ten"), "limit: expected an integer 1..10000, got \"ten\"");
        assertRefused(() -> AlertParams.device("s1"), "device: expected a device id like device:s1, got \"s1\"");
        assertRefused(() -> AlertParams.device("device s1"),
                "device: expected a device id like device:s1, got \"device s1\"");
        assertRefused(() -> AlertParams.device(""), "device: expected a device id like device:s1, got \"\"");
    }

    private static void assertRefused(Supplier<?> parse, String reason) {
        try {
            Object value = parse.get();
            fail("accepted: " + value);
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.INVALID, e.kind());
            assertEquals(reason, e.getMessage());
        }
    }
}
