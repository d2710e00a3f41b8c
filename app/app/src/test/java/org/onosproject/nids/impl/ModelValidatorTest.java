/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.TreeNode;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.onosproject.nids.codec.NidsTestModels.IN_BYTES;
import static org.onosproject.nids.codec.NidsTestModels.leaf;
import static org.onosproject.nids.codec.NidsTestModels.split;

/** The validator on the deepest tree the pipeline can hold, called from a thread with a small stack. */
public class ModelValidatorTest {

    /** Half of what a Jetty thread of ONOS gets (the JVM's default 1 MiB). */
    private static final long STACK_BYTES = 512 * 1024;

    @Test
    public void theDeepestTreeThePipelineHoldsIsValidatedForACallerWithHalfAThreadStack() throws Exception {
        PipelineCapacity capacity = PipelineCapacity.packaged();
        int depth = capacity.decisionEntriesPerBank() - 1;
        TreeNode node = leaf(1);
        for (int i = depth; i >= 1; i--) {
            node = split(IN_BYTES, i, leaf(i % 2), node);
        }
        DecisionTree chain = DecisionTree.of(node, List.of("Benign", "Attack"));
        assertEquals(depth, chain.depth());
        String json = NidsTestModels.json(NidsTestModels.bundle(chain, "chain"));

        AtomicReference<Object> outcome = new AtomicReference<>();
        ModelValidator validator = new ModelValidator(FeatureCatalog.standard(), capacity);
        Thread thread = new Thread(null, () -> {
            try {
                outcome.set(validator.validate(json));
            } catch (Throwable e) {
                outcome.set(e);
            }
        }, "small-stack", STACK_BYTES);
        thread.start();
        thread.join(60_000);
        assertEquals(String.valueOf(outcome.get()), ModelBundle.class,
                     outcome.get() == null ? null : outcome.get().getClass());
    }
}
