/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.flow;

import org.junit.Test;
import org.onosproject.net.DeviceId;

import java.util.Map;

import static org.junit.Assert.assertEquals;

/**
 * Reports missing from a switch's report numbers are counted per switch, from the first report seen, across a
 * restart of the switch's count, and not across a mastership move (the reports in between went to another instance).
 */
public class ReportSequencesTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");

    @Test
    public void aSkippedNumberIsAMissingReportOfThatSwitchOnly() {
        ReportSequences sequences = new ReportSequences();
        assertEquals("the first report seen: nothing known before it", 0, sequences.observe(S1, 40));
        assertEquals(0, sequences.observe(S1, 41));
        assertEquals(2, sequences.observe(S1, 44));
        assertEquals(0, sequences.observe(S2, 7));
        assertEquals(0, sequences.observe(S2, 8));
        assertEquals(2, sequences.missing());
        assertEquals(Map.of(S1.toString(), 2L), sequences.missingBySwitch());
    }

    @Test
    public void aCountThatStartsOverMissesTheReportsBeforeItsFirstNumberSeen() {
        ReportSequences sequences = new ReportSequences();
        sequences.observe(S1, 500);
        assertEquals("the switch restarted: reports 1 and 2 of its new count never came", 2,
                     sequences.observe(S1, 3));
        assertEquals(0, sequences.observe(S1, 4));
        assertEquals(2, sequences.missing());
    }

    @Test
    public void aForgottenSwitchStartsANewSequenceAndAFormatWithoutNumbersIsNotFollowed() {
        ReportSequences sequences = new ReportSequences();
        sequences.observe(S1, 10);
        sequences.forget(S1);               // its mastership moved: reports 11..99 went to another instance
        assertEquals(0, sequences.observe(S1, 100));
        assertEquals(0, sequences.observe(S2, 0));
        assertEquals(0, sequences.observe(S2, 0));
        assertEquals(0, sequences.missing());
    }

    @Test
    public void switchesBeyondTheBoundAreNotFollowed() {
        ReportSequences sequences = new ReportSequences();
        for (int i = 0; i < ReportSequences.MAX_SWITCHES; i++) {
            sequences.observe(DeviceId.deviceId("device:bmv2:x" + i), 1);
        }
        DeviceId extra = DeviceId.deviceId("device:bmv2:extra");
        assertEquals(0, sequences.observe(extra, 1));
        assertEquals("not followed, so no gap is seen", 0, sequences.observe(extra, 50));
        int followed = 0;
        for (DeviceId ignored : sequences.followed()) {
            followed++;
        }
        assertEquals(ReportSequences.MAX_SWITCHES, followed);
    }
}
