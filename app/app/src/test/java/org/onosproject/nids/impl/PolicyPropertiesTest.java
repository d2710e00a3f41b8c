/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.nids.detection.DetectionPolicy;

import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_SEVERITIES;
import static org.onosproject.nids.impl.alert.AlertPropertyConstants.ALERT_SEVERITIES_DEFAULT;
import static org.onosproject.nids.impl.block.BlockPropertyConstants.*;

/**
 * The components' policy properties (literals, for the generated cfgdef) are the detection policy's names and
 * defaults: what {@code nids-model simulate --policy} reads means the same as {@code cfg set}.
 */
public class PolicyPropertiesTest {

    @Test
    public void theComponentsDeclareTheDetectionPolicysNamesAndDefaults() {
        Map<String, String> components = Map.of(
                ALERT_SEVERITIES, ALERT_SEVERITIES_DEFAULT,
                AUTO_BLOCK_MIN_SEVERITY, AUTO_BLOCK_MIN_SEVERITY_DEFAULT,
                AUTO_BLOCK_MIN_ALERTS, Integer.toString(AUTO_BLOCK_MIN_ALERTS_DEFAULT),
                BLOCK_TTL_SECONDS, Integer.toString(BLOCK_TTL_SECONDS_DEFAULT),
                BLOCK_ALLOWLIST, BLOCK_ALLOWLIST_DEFAULT,
                MAX_BLOCKS, Integer.toString(MAX_BLOCKS_DEFAULT));
        assertEquals(DetectionPolicy.DEFAULT.toProperties(), components);
    }
}
