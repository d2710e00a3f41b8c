/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;

import java.util.List;

import static org.junit.Assert.assertEquals;

/** The one-line reason REST and CLI give for a rollout that did not succeed. */
public class RolloutResultTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    @Test
    public void failureNamesTheDeviceItsErrorAndWhatStaysActive() {
        RolloutResult result = new RolloutResult("nids-new", "nids-old", List.of(
                new DeviceResult(S1, Outcome.ROLLED_BACK, 1, 3, null, 10),
                new DeviceResult(S2, Outcome.FAILED, 0, 3, "write of bank 0 timed out", 12)), 25);
        assertEquals("rollout of nids-new failed on device:s2: write of bank 0 timed out; rolled back on device:s1;"
                + " nids-old stays active", result.failureMessage());
    }

    @Test
    public void aSwitchThatRefusedTheFlipBackIsNotCalledRolledBack() {
        DeviceId s3 = DeviceId.deviceId("device:s3");
        RolloutResult result = new RolloutResult("nids-new", "nids-old", List.of(
                new DeviceResult(S1, Outcome.ROLLED_BACK, 0, 3,
                                 "rollback: flipping back to bank 1: the switch refused the write", 10),
                new DeviceResult(S2, Outcome.FAILED, 0, 3, "flipping to bank 0: no confirmation within 3000 ms", 12),
                new DeviceResult(s3, Outcome.ROLLED_BACK, 0, 3, null, 10)), 25);
        assertEquals("rollout of nids-new failed on device:s2: flipping to bank 0: no confirmation within 3000 ms;"
                + " rolled back on device:s3; not confirmed rolled back on device:s1 (rollback: flipping back to"
                + " bank 1: the switch refused the write), to be repaired by reconciliation; nids-old stays active",
                result.failureMessage());
    }

    @Test
    public void failureWithoutAFailedDeviceListsWhatDidNotFlip() {
        RolloutResult result = new RolloutResult("nids-new", null, List.of(
                new DeviceResult(S1, Outcome.FLIPPED, 1, 3, null, 1),
                new DeviceResult(S2, Outcome.NOT_ATTEMPTED, 0, 0, null, 0)), 2);
        assertEquals("rollout of nids-new did not complete: device:s2 NOT_ATTEMPTED; no model is active",
                result.failureMessage());
    }

    @Test
    public void aMultiLineDeviceErrorBecomesOneLine() {
        RolloutResult result = new RolloutResult("nids-new", "nids-old", List.of(
                new DeviceResult(S1, Outcome.FAILED, 1, 0, "P4Runtime error:\n  INVALID_ARGUMENT", 1)), 2);
        assertEquals("rollout of nids-new failed on device:s1: P4Runtime error: INVALID_ARGUMENT;"
                + " nids-old stays active", result.failureMessage());
    }
}
