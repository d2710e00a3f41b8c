/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.compiler.CodeRange;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.compiler.FeatureTableEntry;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.codec.NidsTestModels.FLOW_DURATION;
import static org.onosproject.nids.codec.NidsTestModels.IN_BYTES;
import static org.onosproject.nids.codec.NidsTestModels.L4_DST_PORT;
import static org.onosproject.nids.codec.NidsTestModels.PROTOCOL;
import static org.onosproject.nids.codec.NidsTestModels.fourFeatureTree;
import static org.onosproject.nids.codec.NidsTestModels.leaf;
import static org.onosproject.nids.codec.NidsTestModels.split;
import static org.onosproject.nids.codec.NidsTestModels.withCounts;
import static org.onosproject.nids.pipeconf.NidsConstants.*;
import static org.onosproject.nids.pipeconf.PiRules.action;
import static org.onosproject.nids.pipeconf.PiRules.criterion;
import static org.onosproject.nids.pipeconf.PiRules.exact;
import static org.onosproject.nids.pipeconf.PiRules.match;
import static org.onosproject.nids.pipeconf.PiRules.param;
import static org.onosproject.nids.pipeconf.PiRules.range;

/** Compiled model → flow rules of one bank; config and port-role rules. */
public class ModelRulePlannerTest {

    private static final ApplicationId APP = new DefaultApplicationId(42, "org.onosproject.nids");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final long FULL_VALUE = 0xffffffffL;

    private final ModelRulePlanner planner = new ModelRulePlanner(APP);
    /** A model with one tree, at the flow's end (phase value PHASE_END), and that tree's entries. */
    private final ModelBundle bundle = NidsTestModels.bundle(NidsTestModels.fourFeatureTree(), "four");
    private final CompiledModel model = bundle.phases().get(0).compiled();

    private static List<FlowRule> inTables(List<FlowRule> rules, Set<PiTableId> tables) {
        return rules.stream().filter(r -> tables.contains(r.table())).collect(Collectors.toList());
    }

    @Test
    public void theTestModelUsesFourSlotsAndEveryKindOfEntry() {
        // Guards the assumptions of the tests below.
        assertEquals(4, model.slots().usedSlots());
        assertArrayEquals(new int[]{L4_DST_PORT, PROTOCOL, IN_BYTES, FLOW_DURATION, 0, 0, 0, 0},
                          model.slots().featureIdBySlot());
        assertEquals(5, model.decisionEntries().size());
    }

    @Test
    public void phaseKeysAreTheP4Ones() {
        // model-tools' Phase derives phases as take_stock in flow_table.p4 does, with the same constants.
        Phase late = Phase.LATE;
        assertEquals(MAX_PHASE_PACKETS, Phase.MAX_PACKETS);
        assertEquals(LATE_PHASE_PERIOD, Phase.LATE_PERIOD);
        assertEquals(PHASE_LATE, ModelRulePlanner.phaseValue(late));
        assertEquals(PHASE_END, ModelRulePlanner.phaseValue(Phase.END));
        assertEquals(MAX_PHASE_PACKETS, ModelRulePlanner.phaseValue(
                Phase.atPacket(MAX_PHASE_PACKETS)));
    }

    @Test
    public void oneSelectorPerUsedSlotWithTheSlotsFeatureAndTheBankKey() {
        for (int bank = 0; bank < NUM_BANKS; bank++) {
            List<FlowRule> selectors = inTables(planner.bankRules(S1, bundle, bank),
                                                Set.copyOf(ClassifierTables.SELECTORS));
            assertEquals(4, selectors.size());
            for (int slot = 0; slot < 4; slot++) {
                FlowRule rule = selectors.get(slot);
                assertEquals(ClassifierTables.SELECTORS.get(slot), rule.table());
                assertEquals(bank, exact(rule, HDR_BANK));
                assertEquals(PHASE_END, exact(rule, HDR_PHASE));
                assertEquals(2, criterion(rule).fieldMatches().size());
                assertEquals(NIDS_INGRESS_CLASSIFIER_SELECT_FEATURE, action(rule).id());
                assertEquals(model.slots().featureIdAt(slot), param(rule, FEATURE_ID));
            }
        }
    }

    @Test
    public void unusedSlotsGetNoSelector() {
        List<FlowRule> rules = planner.bankRules(S1, bundle, 0);
        for (int slot = 4; slot < ClassifierTables.SELECTORS.size(); slot++) {
            PiTableId unused = ClassifierTables.SELECTORS.get(slot);
            assertTrue(rules.stream().noneMatch(r -> r.table().equals(unused)));
        }
    }

    @Test
    public void rangeRulesCarryTheEntriesBoundsCodeAndPriority() {
        List<FlowRule> rules = inTables(planner.bankRules(S1, bundle, 1), Set.copyOf(ClassifierTables.RANGES));
        List<FeatureTableEntry> entries = model.featureEntries();
        assertEquals(entries.size(), rules.size());
        for (int i = 0; i < entries.size(); i++) {
            FeatureTableEntry entry = entries.get(i);
            FlowRule rule = rules.get(i);
            assertEquals(ClassifierTables.RANGES.get(entry.slot()), rule.table());
            assertEquals(1, exact(rule, HDR_BANK));
            assertEquals(PHASE_END, exact(rule, HDR_PHASE));
            assertEquals(entry.priority(), rule.priority());
            assertEquals(NIDS_INGRESS_CLASSIFIER_SET_CODE, action(rule).id());
            assertEquals(entry.code(), param(rule, CODE));
            // Every feature of this tree is cut, so no entry spans the whole value range.
            assertArrayEquals(new long[]{entry.low(), entry.high()}, range(rule, HDR_VALUE));
        }
        // Spot check against the tree: PROTOCOL <= 6 is the first interval of slot 1.
        FlowRule protocolLow = rules.stream()
                .filter(r -> r.table().equals(ClassifierTables.RANGES.get(1)) && param(r, CODE) == 0)
                .findFirst().orElseThrow();
        assertArrayEquals(new long[]{0, 6}, range(protocolLow, HDR_VALUE));
    }

    @Test
    public void aRangeOverEveryValueIsLeftOutOfTheKeyAsDontCare() {
        FlowRule full = planner.rangeRule(S1, 0, PHASE_END, new FeatureTableEntry(2, IN_BYTES, 0, FULL_VALUE, 0, 1));
        assertFalse(match(full, HDR_VALUE).isPresent());
        assertEquals(0, exact(full, HDR_BANK));
        assertEquals(1, full.priority());

        FlowRule almostFull = planner.rangeRule(S1, 0, PHASE_END, new FeatureTableEntry(2, IN_BYTES, 1, FULL_VALUE, 1, 1));
        assertArrayEquals(new long[]{1, FULL_VALUE}, range(almostFull, HDR_VALUE));
    }

    @Test
    public void aFeatureWhoseTestCutsNothingCompilesToADontCareRange() {
        // IN_BYTES <= -1 separates no value the switch can hold: one interval over the whole domain.
        ModelBundle uncutModel = NidsTestModels.bundle(DecisionTree.of(
                split(PROTOCOL, 6, split(IN_BYTES, -1, leaf(1), leaf(0)), leaf(1)), List.of("Benign", "Attack")), "uncut");
        CompiledModel uncut = uncutModel.phases().get(0).compiled();
        List<FlowRule> ranges = inTables(planner.bankRules(S1, uncutModel, 0), Set.copyOf(ClassifierTables.RANGES));
        int inBytesSlot = uncut.slots().slotOf(IN_BYTES);
        List<FlowRule> inBytes = ranges.stream()
                .filter(r -> r.table().equals(ClassifierTables.RANGES.get(inBytesSlot)))
                .collect(Collectors.toList());
        assertEquals(1, inBytes.size());
        assertFalse(match(inBytes.get(0), HDR_VALUE).isPresent());
        assertEquals(0, exact(inBytes.get(0), HDR_BANK));
    }

    @Test
    public void decisionRulesMatchTheCodeRangesOfTestedSlotsOnly() {
        List<FlowRule> rules = inTables(planner.bankRules(S1, bundle, 0),
                                        Set.of(NIDS_INGRESS_CLASSIFIER_DECISION));
        List<DecisionEntry> entries = model.decisionEntries();
        assertEquals(entries.size(), rules.size());
        int maxCode = (1 << HDR_CODE_0_BITWIDTH) - 1;
        for (int i = 0; i < entries.size(); i++) {
            DecisionEntry entry = entries.get(i);
            FlowRule rule = rules.get(i);
            assertEquals(0, exact(rule, HDR_BANK));
            assertEquals(entry.priority(), rule.priority());
            assertEquals(NIDS_INGRESS_CLASSIFIER_SET_CLASS, action(rule).id());
            assertEquals(entry.classId(), param(rule, CLASS_ID));
            assertEquals(entry.leafId(), param(rule, LEAF_ID));
            assertEquals(entry.confidencePermille(), param(rule, CONFIDENCE));
            assertEquals(PHASE_END, exact(rule, HDR_PHASE));
            int keyed = 2;
            for (int slot = 0; slot < ClassifierTables.DECISION_CODE_FIELDS.size(); slot++) {
                CodeRange codes = entry.codeRanges().get(slot);
                boolean wildcard = codes.low() == 0 && codes.high() == maxCode;
                if (wildcard) {
                    assertFalse("slot " + slot + " of " + entry,
                                match(rule, ClassifierTables.DECISION_CODE_FIELDS.get(slot)).isPresent());
                } else {
                    keyed++;
                    assertArrayEquals(new long[]{codes.low(), codes.high()},
                                      range(rule, ClassifierTables.DECISION_CODE_FIELDS.get(slot)));
                }
            }
            assertEquals("bank and phase keys plus one range per tested slot", keyed, criterion(rule).fieldMatches().size());
        }
        // Leaf 1 (PROTOCOL <= 6, L4_DST_PORT <= 1023 → Benign) tests slots 0 and 1 only.
        FlowRule leaf1 = rules.stream().filter(r -> param(r, LEAF_ID) == 1).findFirst().orElseThrow();
        assertEquals(0, param(leaf1, CLASS_ID));
        assertArrayEquals(new long[]{0, 0}, range(leaf1, HDR_CODE_0));
        assertArrayEquals(new long[]{0, 0}, range(leaf1, HDR_CODE_1));
        assertFalse(match(leaf1, HDR_CODE_2).isPresent());
        assertFalse(match(leaf1, HDR_CODE_3).isPresent());
        assertFalse(match(leaf1, HDR_CODE_4).isPresent());
    }

    @Test
    public void everyBankRuleIsForTheDeviceAndAppAndPermanent() {
        List<FlowRule> rules = planner.bankRules(S1, bundle, 1);
        assertEquals(1 + 4 + model.featureEntries().size() + model.decisionEntries().size(), rules.size());
        assertEquals(rules.size(), ModelRulePlanner.ruleCount(bundle));
        for (FlowRule rule : rules) {
            assertEquals(S1, rule.deviceId());
            assertEquals(APP.id(), rule.appId());
            assertTrue(rule.isPermanent());
            assertTrue(ClassifierTables.BANKED.contains(rule.table()));
            assertEquals(1, exact(rule, HDR_BANK));
            assertEquals(1, NidsPipelineProgrammable.bankOf(rule));
        }
    }

    @Test
    public void theTwoBanksOfOneModelNeverCollide() {
        Set<FlowId> ids = new HashSet<>();
        List<FlowRule> bank0 = planner.bankRules(S1, bundle, 0);
        List<FlowRule> bank1 = planner.bankRules(S1, bundle, 1);
        bank0.forEach(r -> ids.add(r.id()));
        bank1.forEach(r -> ids.add(r.id()));
        assertEquals(bank0.size() + bank1.size(), ids.size());
        for (FlowRule r : bank0) {
            assertTrue(bank1.stream().noneMatch(r::exactMatch));
        }
    }

    @Test
    public void bankRulesAreTheSameEachTimeTheyArePlanned() {
        // Rollback and reconciliation remove rules planned earlier: ids must be reproducible.
        List<FlowId> first = planner.bankRules(S1, bundle, 1).stream().map(FlowRule::id)
                .collect(Collectors.toList());
        List<FlowId> again = new ModelRulePlanner(APP).bankRules(S1,
                NidsTestModels.bundle(NidsTestModels.fourFeatureTree(), "four"), 1)
                .stream().map(FlowRule::id).collect(Collectors.toList());
        assertEquals(first, again);
    }

    @Test
    public void aBankOutsideTheTwoIsRefused() {
        for (int bank : new int[]{-1, NUM_BANKS}) {
            try {
                planner.bankRules(S1, bundle, bank);
                fail("bank " + bank + " accepted");
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("bank"));
            }
        }
    }

    @Test
    public void configRuleIsTheConfigTablesDefaultActionWithEveryKnob() {
        PipelineConfig config = new PipelineConfig(1, 7, TrackMode.INGRESS_EDGE, 1000, 60_000_000L, 500, 50,
                                                   EnumSet.range(ReportReason.ALERT, ReportReason.ACTIVE_TIMEOUT));
        FlowRule rule = planner.configRule(S1, config);
        assertEquals(NIDS_INGRESS_CFG_CONFIG, rule.table());
        assertTrue("empty selector = default action", rule.selector().criteria().isEmpty());
        assertNull(criterion(rule));
        assertEquals(S1, rule.deviceId());
        assertEquals(APP.id(), rule.appId());
        assertEquals(NIDS_INGRESS_CFG_SET_CONFIG, action(rule).id());
        assertEquals(11, action(rule).parameters().size());
        assertEquals(1, param(rule, BANK));
        assertEquals(7, param(rule, EPOCH));
        assertEquals(TRACK_INGRESS_EDGE, param(rule, TRACK_MODE));
        assertEquals(1000, param(rule, TIMEOUT_PKTS));
        assertEquals(60_000_000L, param(rule, TIMEOUT_US));
        assertEquals(0, param(rule, IDLE_TIMEOUT_US));
        assertEquals(0, param(rule, FLOW_HASH_SEED));
        assertEquals(0, param(rule, SOURCE_ALERT_CAP));
        // Bit (1 << code) per reason: ALERT, FLOW_END, EVICT, ACTIVE_TIMEOUT, not PROBE.
        assertEquals((1 << REASON_ALERT) | (1 << REASON_FLOW_END) | (1 << REASON_EVICT)
                             | (1 << REASON_ACTIVE_TIMEOUT), param(rule, REPORT_MASK));
    }

    @Test
    public void theModelSetsThresholdAndWindowAndTheDeploymentMayOverrideTheThreshold() {
        PipelineConfig base = new PipelineConfig(0, 0, TrackMode.EDGE, 0, 0, 1000, 100,
                                                 EnumSet.allOf(ReportReason.class))
                .withDetection(0xdeadbeefL, 30_000_000L, 32, PipelineConfig.MODEL_THRESHOLD);
        ModelBundle strict = NidsTestModels.endModel(NidsTestModels.fourFeatureTree(), "strict", "2026-01-01T00:00:00Z",
                bundle.training(), NidsTestModels.capacity());
        FlowRule rule = planner.configRule(S1, base.withModel(1, 9, strict));
        assertEquals(1, param(rule, BANK));
        assertEquals(9, param(rule, EPOCH));
        assertEquals(0xdeadbeefL, param(rule, FLOW_HASH_SEED));
        assertEquals(30_000_000L, param(rule, IDLE_TIMEOUT_US));
        assertEquals(32, param(rule, SOURCE_ALERT_CAP));
        assertEquals(strict.alertThresholdPermille(), param(rule, MIN_CONFIDENCE));
        assertEquals(strict.sourceWindowLog2Us(), param(rule, SOURCE_WINDOW_LOG2_US));
        FlowRule overridden = planner.configRule(S1, base.withDetection(1, 0, 0, 750).withModel(1, 9, strict));
        assertEquals(750, param(overridden, MIN_CONFIDENCE));
    }

    @Test
    public void everyReportBudgetGetsTheRateAndBurst() {
        PipelineConfig config = new PipelineConfig(0, 1, TrackMode.EDGE, 1000, 60_000_000L, 500, 50,
                                                   EnumSet.allOf(ReportReason.class));
        List<FlowRule> rules = planner.budgetRules(S1, config);
        assertEquals(Set.of((long) BUDGET_ALERT, (long) BUDGET_RECORD, (long) BUDGET_EVICT, (long) BUDGET_PROBE,
                            (long) BUDGET_START),
                     rules.stream().map(r -> exact(r, HDR_BUDGET)).collect(Collectors.toSet()));
        for (FlowRule rule : rules) {
            assertEquals(NIDS_INGRESS_REPORTS_REPORT_BUDGET, rule.table());
            assertEquals(NIDS_INGRESS_REPORTS_SET_BUDGET, action(rule).id());
            assertEquals(500, param(rule, RATE_PPS));
            assertEquals(50, param(rule, BURST));
        }
    }

    @Test
    public void eachPhaseHasItsPhaseEntryAndItsOwnKey() {
        ModelBundle phased = org.onosproject.nids.model.bundle.ModelBundles.compile("phased",
                "2026-01-01T00:00:00Z", bundle.training(),
                java.util.Map.of(Phase.atPacket(2), withCounts(fourFeatureTree()),
                                 Phase.END, withCounts(fourFeatureTree())),
                900, 21, org.onosproject.nids.model.catalog.FeatureCatalog.standard(), NidsTestModels.capacity());
        List<FlowRule> rules = planner.bankRules(S1, phased, 0);
        List<FlowRule> phases = inTables(rules, Set.of(NIDS_INGRESS_CLASSIFIER_PHASES));
        assertEquals(Set.of(2L, (long) PHASE_END),
                     phases.stream().map(r -> exact(r, HDR_PHASE)).collect(Collectors.toSet()));
        phases.forEach(r -> assertEquals(NIDS_INGRESS_CLASSIFIER_CLASSIFY, action(r).id()));
        assertEquals(2 * ModelRulePlanner.ruleCount(bundle), rules.size());
        assertEquals(rules.size(), rules.stream().map(FlowRule::id).distinct().count());
        for (FlowRule rule : rules) {
            assertEquals(0, NidsPipelineProgrammable.bankOf(rule));
        }
    }

    @Test
    public void configRulesOfTwoBanksAreOneRuleModified() {
        // A flip replaces the same rule: the bank and epoch must not be part of its identity.
        PipelineConfig config = new PipelineConfig(0, 1, TrackMode.EDGE, 1000, 60_000_000L, 1000, 100,
                                                   EnumSet.allOf(ReportReason.class));
        assertEquals(planner.configRule(S1, config).id(), planner.configRule(S1, config.withBank(1, 2)).id());
    }

    @Test
    public void portRoleRulesMarkEachEdgePortInBothDirections() {
        List<FlowRule> rules = planner.portRoleRules(S1, List.of(PortNumber.portNumber(1),
                                                                 PortNumber.portNumber(7)));
        assertEquals(4, rules.size());
        for (long port : new long[]{1, 7}) {
            List<FlowRule> forPort = rules.stream().filter(r -> exact(r, HDR_PORT) == port)
                    .collect(Collectors.toList());
            assertEquals(Set.of(NIDS_INGRESS_CFG_PORT_ROLE, NIDS_INGRESS_CFG_EG_PORT_ROLE),
                         forPort.stream().map(FlowRule::table).collect(Collectors.toSet()));
            for (FlowRule rule : forPort) {
                assertEquals(NIDS_INGRESS_CFG_SET_EDGE, action(rule).id());
                assertTrue(action(rule).parameters().isEmpty());
                assertEquals(S1, rule.deviceId());
            }
        }
        assertTrue(planner.portRoleRules(S1, List.of()).isEmpty());
    }
}
