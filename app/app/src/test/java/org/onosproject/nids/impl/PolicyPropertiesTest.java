/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.impl.alert.AlertPropertyConstants;
import org.onosproject.nids.impl.block.BlockPropertyConstants;
import org.onosproject.nids.impl.incident.IncidentPropertyConstants;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.Assert.assertEquals;

/**
 * The detection policy's properties (what {@code nids-model simulate --policy} and {@code eval} take) are exactly the
 * alert, incident and block managers' component properties, with the same defaults.
 */
public class PolicyPropertiesTest {

    @Test
    public void theComponentsDeclareTheDetectionPolicysNamesAndDefaults() throws Exception {
        Map<String, String> components = new TreeMap<>();
        for (Class<?> constants : new Class<?>[]{IncidentPropertyConstants.class, BlockPropertyConstants.class}) {
            CfgdefAssert.constants(constants).forEach((name, typed) -> components.put(name,
                                                                                     typed.split("\\|", 2)[1]));
        }
        components.put(AlertPropertyConstants.ALERT_SEVERITIES, AlertPropertyConstants.ALERT_SEVERITIES_DEFAULT);
        assertEquals(new TreeMap<>(DetectionPolicy.DEFAULT.toProperties()), components);
    }
}
