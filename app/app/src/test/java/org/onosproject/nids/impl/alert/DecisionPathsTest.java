/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.junit.Test;
import org.onosproject.nids.api.DecisionStep;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.LeafPath;
import org.onosproject.nids.model.tree.Condition;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.codec.AlertTestData.MODEL;

/** Decision paths read from the leaves of a model compiled by model-core. */
public class DecisionPathsTest {

    private static final FeatureCatalog CATALOG = FeatureCatalog.standard();

    private static List<String> texts(List<DecisionStep> steps) {
        return steps.stream().map(DecisionStep::explain).collect(Collectors.toList());
    }

    @Test
    public void eachConditionOfTheLeafWithTheFeatureNameAndTheRecordsValue() {
        // multiClass: IN_BYTES <= 1000 ? DoS (1) : (PROTOCOL <= 6 ? Benign (2) : Scan (3))
        List<DecisionStep> scan = DecisionPaths.explain(MODEL.phases().get(0).compiled(), 3,
                Map.of("IN_BYTES", 1412L, "PROTOCOL", 17L, "IN_PKTS", 30L), CATALOG);
        assertEquals(List.of(
                new DecisionStep(4, "IN_BYTES", Condition.Operator.GREATER, 1000, 1412),
                new DecisionStep(3, "PROTOCOL", Condition.Operator.GREATER, 6, 17)), scan);
        assertEquals(List.of("IN_BYTES = 1412 > 1000", "PROTOCOL = 17 > 6"), texts(scan));

        List<DecisionStep> benign = DecisionPaths.explain(MODEL.phases().get(0).compiled(), 2, Map.of("IN_BYTES", 5000L,
                "PROTOCOL", 6L), CATALOG);
        assertEquals(List.of("IN_BYTES = 5000 > 1000", "PROTOCOL = 6 <= 6"), texts(benign));
    }

    @Test
    public void theBinaryModelsPathsFollowTheTree() {
        // binary: PROTOCOL <= 6 ? (L4_DST_PORT <= 1023 ? Benign (1) : Attack (2)) : Benign (3)
        ModelBundle binary = NidsTestModels.binary("b", "2026-01-15T10:00:00Z");
        for (LeafPath leaf : binary.phases().get(0).compiled().leaves()) {
            assertEquals(leaf, DecisionPaths.leaf(binary.phases().get(0).compiled(), leaf.leafId()).get());
        }
        assertEquals(List.of("PROTOCOL = 6 <= 6", "L4_DST_PORT = 4444 > 1023"),
                texts(DecisionPaths.explain(binary.phases().get(0).compiled(), 2, Map.of("PROTOCOL", 6L, "L4_DST_PORT", 4444L),
                        CATALOG)));
    }

    @Test
    public void aValueThatNoLongerPassesTheTestIsShownAsSuch() {
        // A later report of the flow (grown counters) or a feature the record lacks (reads 0).
        List<DecisionStep> steps = DecisionPaths.explain(MODEL.phases().get(0).compiled(), 3, Map.of("IN_BYTES", 900L), CATALOG);
        assertFalse(steps.get(0).holds());
        assertEquals(List.of("IN_BYTES = 900, not > 1000", "PROTOCOL = 0, not > 6"), texts(steps));
        assertTrue(DecisionPaths.explain(MODEL.phases().get(0).compiled(), 1, Map.of("IN_BYTES", 900L), CATALOG).get(0).holds());
    }

    @Test
    public void noSuchLeafIsAnEmptyPath() {
        assertEquals(List.of(), DecisionPaths.explain(MODEL.phases().get(0).compiled(), 0, Map.of(), CATALOG));
        assertEquals(List.of(), DecisionPaths.explain(MODEL.phases().get(0).compiled(), 4, Map.of(), CATALOG));
        assertEquals(List.of(), DecisionPaths.explain(MODEL.phases().get(0).compiled(), -1, Map.of(), CATALOG));
    }
}
