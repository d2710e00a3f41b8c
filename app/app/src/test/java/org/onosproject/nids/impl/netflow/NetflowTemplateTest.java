/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.io.Resources;
import org.junit.Test;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The NIDS template against the feature catalog: every catalog feature is exported, in a field wide enough.
 */
public class NetflowTemplateTest {

    /** The model-tools catalog (machine-readable docs/features.md), on the classpath through nids-model-core. */
    private static final String CATALOG = "org/onosproject/nids/model/catalog.json";

    /**
     * The flow features (catalog 1, ids 1..28) are the NetFlow record's; the source context of catalog 2 (ids 29..32)
     * describes the flow's client, not the flow, and stays in the app's records and alerts.
     */
    private static final int LAST_FLOW_FEATURE_ID = 28;

    @Test
    public void exportsEveryFlowFeatureOfTheCatalogOnceInAWideEnoughField() throws IOException {
        JsonNode catalog = new ObjectMapper().readTree(Resources.getResource(CATALOG));
        Map<String, NetflowField> byFeature = new HashMap<>();
        for (NetflowField field : NetflowTemplate.nids().fields()) {
            field.featureName().ifPresent(name ->
                    assertTrue("feature carried twice: " + name, byFeature.put(name, field) == null));
        }
        Set<String> catalogNames = new HashSet<>();
        for (JsonNode feature : catalog.get("features")) {
            String name = feature.get("name").asText();
            catalogNames.add(name);
            if (feature.get("id").asInt() > LAST_FLOW_FEATURE_ID) {
                continue;
            }
            int widthBits = feature.get("width").asInt();
            // The key fields carry the ports and protocol (they equal the features, see docs/netflow.md).
            NetflowField field = byFeature.getOrDefault(name, keyField(name));
            assertTrue("catalog feature not exported: " + name, field != null);
            assertTrue(name + " needs " + widthBits + " bits", field.length() * 8 >= widthBits);
        }
        for (String exported : byFeature.keySet()) {
            assertTrue("exported feature not in the catalog: " + exported, catalogNames.contains(exported));
        }
    }

    @Test
    public void elementIdsAreDistinctAndRecordLengthIsTheSumOfFieldLengths() {
        Set<Integer> ids = new HashSet<>();
        int length = 0;
        for (NetflowField field : NetflowTemplate.nids().fields()) {
            assertTrue("duplicate element id " + field.elementId(), ids.add(field.elementId()));
            length += field.length();
        }
        assertEquals(length, NetflowTemplate.nids().recordLength());
        assertEquals(NetflowTemplate.NIDS_TEMPLATE_ID, NetflowTemplate.nids().templateId());
    }

    @Test(expected = IllegalArgumentException.class)
    public void templateIdsBelow256AreReservedForFlowsets() {
        NetflowTemplate.of(255, ImmutableList.of(NetflowField.IN_BYTES));
    }

    @Test
    public void keyFieldsCarryNoFeatureOfTheirOwn() {
        List<NetflowField> keyFields = ImmutableList.of(NetflowField.IPV4_SRC_ADDR, NetflowField.IPV4_DST_ADDR,
                NetflowField.L4_SRC_PORT, NetflowField.L4_DST_PORT, NetflowField.PROTOCOL);
        for (NetflowField field : keyFields) {
            assertFalse(field + " reads the key", field.featureName().isPresent());
        }
    }

    private static NetflowField keyField(String featureName) {
        switch (featureName) {
            case "L4_SRC_PORT":
                return NetflowField.L4_SRC_PORT;
            case "L4_DST_PORT":
                return NetflowField.L4_DST_PORT;
            case "PROTOCOL":
                return NetflowField.PROTOCOL;
            default:
                return null;
        }
    }
}
