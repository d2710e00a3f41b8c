/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiTableModel;

import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CLASSIFIER_DECISION;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FWD_ACL;

/**
 * ONOS's view of the pipeline: the classifier tables constant (ONOS's flow rule behaviour neither reads nor removes
 * their entries), every other table and everything else as the P4Info has it.
 */
public class AppOwnedTablesModelTest {

    private final PiPipelineModel parsed = NidsPipeconfLoader.pipelineModel();
    private final PiPipelineModel seen = NidsPipeconfLoader.buildPipeconf().pipelineModel();

    @Test
    public void theClassifierTablesAndOnlyThemAreConstantToOnos() {
        Set<PiTableModel> constant = seen.tables().stream().filter(PiTableModel::isConstantTable)
                .collect(Collectors.toSet());
        assertEquals(ClassifierTables.BANKED,
                     constant.stream().map(PiTableModel::id).collect(Collectors.toSet()));
        assertTrue(seen.table(NIDS_INGRESS_CLASSIFIER_DECISION).orElseThrow().isConstantTable());
        assertFalse("the P4Info declares them writable",
                    parsed.table(NIDS_INGRESS_CLASSIFIER_DECISION).orElseThrow().isConstantTable());
        assertFalse(seen.table(NIDS_INGRESS_FWD_ACL).orElseThrow().isConstantTable());
        assertFalse(seen.table(NIDS_INGRESS_CFG_CONFIG).orElseThrow().isConstantTable());
    }

    @Test
    public void everythingElseIsTheP4InfosModel() {
        assertEquals(parsed.tables().size(), seen.tables().size());
        for (PiTableModel table : parsed.tables()) {
            PiTableModel view = seen.table(table.id()).orElseThrow();
            assertEquals(table.matchFields(), view.matchFields());
            assertEquals(table.actions(), view.actions());
            assertEquals(table.maxSize(), view.maxSize());
            assertEquals(table.tableType(), view.tableType());
            assertEquals(table.constDefaultAction(), view.constDefaultAction());
        }
        assertEquals(parsed.counters(), seen.counters());
        assertEquals(parsed.registers(), seen.registers());
        assertEquals(parsed.architecture(), seen.architecture());
        assertEquals(NidsPipelineCapacity.of(parsed), NidsPipelineCapacity.of(seen));
    }

    /**
     * ONOS takes the high half of the pipeconf's fingerprint, the cookie a new master compares with the switch's before
     * it pushes the pipeline again, from the model's hash. Each cluster instance builds its own pipeconf: were the hash
     * an object's identity, each would have its own fingerprint and every change of master would push the pipeline
     * again and empty the switch's tables.
     */
    @Test
    public void everyBuildOfThePipeconfHasTheSameFingerprint() {
        PiPipeconf one = NidsPipeconfLoader.buildPipeconf();
        PiPipeconf other = NidsPipeconfLoader.buildPipeconf();
        assertEquals(one.pipelineModel(), other.pipelineModel());
        assertEquals(one.pipelineModel().hashCode(), other.pipelineModel().hashCode());
        assertEquals(one.fingerprint(), other.fingerprint());
        assertEquals(one.pipelineModel().hashCode(), (int) (one.fingerprint() >>> 32));
    }
}
