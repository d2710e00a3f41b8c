/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.impl.FlowRuleWriter.Mode;
import org.onosproject.nids.model.compiler.CompiledModel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.impl.ImplTestModels.compile;
import static org.onosproject.nids.impl.ImplTestModels.param;
import static org.onosproject.nids.pipeconf.NidsConstants.BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.EPOCH;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_EDGE;

/** The write / flip / clean protocol of a fabric rollout, and its undo on a switch failure. */
public class FabricRolloutTest {

    private static final ApplicationId APP = new DefaultApplicationId(42, "org.onosproject.nids");
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");
    private static final String NEW = "nids-new";
    private static final String OLD = "nids-old";
    private static final long NEW_EPOCH = 5;
    private static final long OLD_EPOCH = 4;
    private static final PipelineConfig BASE = new PipelineConfig(0, 0, TRACK_EDGE, 1000, 60_000_000L, 1000, 100,
                                                                  0xff);

    private final ModelRulePlanner planner = new ModelRulePlanner(APP);
    private final CompiledModel model = compile(ImplTestModels.fourFeatureTree());
    private final CompiledModel oldModel = compile(ImplTestModels.ttlTree());
    private final FakeWriter writer = new FakeWriter();
    /** What the app "has" on each switch, per bank (stands in for the flow rule store). */
    private final Map<DeviceId, Map<Integer, List<FlowRule>>> onSwitch = new HashMap<>();

    /** One batch handed to the writer. */
    private static final class Call {
        final DeviceId deviceId;
        final Mode mode;
        final List<FlowRule> rules;

        Call(DeviceId deviceId, Mode mode, List<FlowRule> rules) {
            this.deviceId = deviceId;
            this.mode = mode;
            this.rules = rules;
        }

        boolean isConfig() {
            return rules.get(0).table().equals(NIDS_INGRESS_CFG_CONFIG);
        }

        /** The bank the batch is about: a config's bank parameter, or the bank key of classifier rules. */
        long bank() {
            return isConfig() ? param(rules.get(0), BANK) : NidsModelManager.bankOf(rules.get(0));
        }

        @Override
        public String toString() {
            return deviceId + " " + mode + " " + rules.size() + (isConfig() ? " config" : " bank " + bank());
        }
    }

    /** Records each batch; fails or never confirms the chosen switches' batches of the chosen kind. */
    private static final class FakeWriter extends FlowRuleWriter {
        final List<Call> calls = new ArrayList<>();
        final Map<DeviceId, Set<Mode>> refuse = new HashMap<>();
        final Map<DeviceId, Set<Mode>> hang = new HashMap<>();
        final Map<DeviceId, Set<Mode>> throwing = new HashMap<>();

        FakeWriter() {
            super(null);
        }

        @Override
        synchronized CompletableFuture<Boolean> apply(Collection<FlowRule> rules, Mode mode) {
            if (rules.isEmpty()) {
                return CompletableFuture.completedFuture(true);
            }
            DeviceId deviceId = rules.iterator().next().deviceId();
            calls.add(new Call(deviceId, mode, List.copyOf(rules)));
            if (hang.getOrDefault(deviceId, Set.of()).contains(mode)) {
                return new CompletableFuture<>();
            }
            if (throwing.getOrDefault(deviceId, Set.of()).contains(mode)) {
                return CompletableFuture.failedFuture(new IllegalStateException("channel closed"));
            }
            return CompletableFuture.completedFuture(!refuse.getOrDefault(deviceId, Set.of()).contains(mode));
        }

        List<Call> of(DeviceId deviceId) {
            return calls.stream().filter(c -> c.deviceId.equals(deviceId)).collect(Collectors.toList());
        }

        List<Call> configs() {
            return calls.stream().filter(Call::isConfig).collect(Collectors.toList());
        }
    }

    private FabricRollout rollout(long timeoutMillis) {
        return new FabricRollout(planner, writer,
                                 (d, bank) -> onSwitch.getOrDefault(d, Map.of()).getOrDefault(bank, List.of()),
                                 timeoutMillis, System::currentTimeMillis);
    }

    private FabricRollout.Report run(List<FabricRollout.Target> targets) {
        return rollout(2000).run(NEW, OLD, model, targets, BASE, NEW_EPOCH);
    }

    /** The switch runs the old model in this bank. */
    private FabricRollout.Target running(DeviceId d, int bank) {
        List<FlowRule> rules = planner.bankRules(d, oldModel, bank);
        onSwitch.computeIfAbsent(d, k -> new HashMap<>()).put(bank, rules);
        return new FabricRollout.Target(d, bank, OLD_EPOCH, OLD, rules.size());
    }

    private static FabricRollout.Target neverProgrammed(DeviceId d) {
        return new FabricRollout.Target(d, DeviceModelState.NO_BANK, 0);
    }

    private static DeviceResult result(FabricRollout.Report report, DeviceId d) {
        return report.result.devices().stream().filter(r -> r.deviceId().equals(d)).findFirst().orElseThrow();
    }

    private static int indexOfFirst(List<Call> calls, Mode mode, boolean config) {
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).mode == mode && calls.get(i).isConfig() == config) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfLast(List<Call> calls, Mode mode, boolean config) {
        for (int i = calls.size() - 1; i >= 0; i--) {
            if (calls.get(i).mode == mode && calls.get(i).isConfig() == config) {
                return i;
            }
        }
        return -1;
    }

    private Set<FlowRule> rulesOf(List<Call> calls, Mode mode) {
        Set<FlowRule> rules = new HashSet<>();
        calls.stream().filter(c -> c.mode == mode && !c.isConfig()).forEach(c -> rules.addAll(c.rules));
        return rules;
    }

    // ---------------------------------------------------------------------------------------- success

    @Test
    public void aNeverProgrammedSwitchGetsTheModelInBankOneThenFlips() {
        FabricRollout.Report report = run(List.of(neverProgrammed(S1)));

        List<Call> calls = writer.of(S1);
        assertEquals(2, calls.size());
        assertEquals(Mode.ADD, calls.get(0).mode);
        assertEquals(Set.copyOf(planner.bankRules(S1, model, 1)), Set.copyOf(calls.get(0).rules));
        assertEquals(Mode.MODIFY, calls.get(1).mode);
        assertTrue(calls.get(1).isConfig());
        assertEquals(1, param(calls.get(1).rules.get(0), BANK));
        assertEquals(NEW_EPOCH, param(calls.get(1).rules.get(0), EPOCH));

        assertTrue(report.result.succeeded());
        DeviceResult r = result(report, S1);
        assertEquals(Outcome.FLIPPED, r.outcome());
        assertEquals(1, r.bank());
        assertEquals(planner.bankRules(S1, model, 1).size(), r.entries());
        assertFalse(r.error().isPresent());
        DeviceModelState state = report.states.get(S1);
        assertEquals(1, state.activeBank());
        assertEquals(NEW, state.modelId().orElseThrow());
        assertEquals(r.entries(), state.entries());
        assertFalse(state.lastError().isPresent());
        assertEquals(NEW, report.result.modelId());
        assertEquals(OLD, report.result.previousModelId().orElseThrow());
    }

    @Test
    public void eachSwitchGetsItsIdleBankAndLosesItsOldOne() {
        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1)));

        assertTrue(report.result.succeeded());
        for (DeviceId d : List.of(S1, S2)) {
            int old = d.equals(S1) ? 0 : 1;
            int idle = 1 - old;
            List<Call> calls = writer.of(d);
            assertEquals(d + ": " + calls, 3, calls.size());
            assertEquals(Mode.ADD, calls.get(0).mode);
            assertEquals(Set.copyOf(planner.bankRules(d, model, idle)), Set.copyOf(calls.get(0).rules));
            assertEquals(Mode.MODIFY, calls.get(1).mode);
            assertEquals(idle, calls.get(1).bank());
            assertEquals(NEW_EPOCH, param(calls.get(1).rules.get(0), EPOCH));
            assertEquals(Mode.REMOVE, calls.get(2).mode);
            assertEquals(Set.copyOf(onSwitch.get(d).get(old)), Set.copyOf(calls.get(2).rules));
            assertEquals(idle, result(report, d).bank());
            assertEquals(idle, report.states.get(d).activeBank());
        }
    }

    @Test
    public void noSwitchFlipsBeforeEveryIdleBankIsWrittenAndNoneIsCleanedBeforeAllFlipped() {
        run(List.of(running(S1, 0), neverProgrammed(S2), running(S3, 1)));

        List<Call> calls = writer.calls;
        assertTrue(calls.toString(), indexOfLast(calls, Mode.ADD, false) < indexOfFirst(calls, Mode.MODIFY, true));
        assertTrue(calls.toString(),
                   indexOfLast(calls, Mode.MODIFY, true) < indexOfFirst(calls, Mode.REMOVE, false));
        assertEquals(3, writer.configs().size());
    }

    @Test
    public void staleRulesOfOursInTheIdleBankAreRemovedBeforeTheModelIsWritten() {
        FabricRollout.Target s1 = running(S1, 0);
        List<FlowRule> stale = planner.bankRules(S1, oldModel, 1);
        onSwitch.get(S1).put(1, stale);

        run(List.of(s1));

        List<Call> calls = writer.of(S1);
        assertEquals(Mode.REMOVE, calls.get(0).mode);
        assertEquals(Set.copyOf(stale), Set.copyOf(calls.get(0).rules));
        assertEquals(Mode.ADD, calls.get(1).mode);
    }

    @Test
    public void aRolloutToNoSwitchSucceeds() {
        FabricRollout.Report report = run(List.of());
        assertTrue(report.result.succeeded());
        assertTrue(report.result.devices().isEmpty());
        assertTrue(report.states.isEmpty());
        assertTrue(writer.calls.isEmpty());
    }

    // ---------------------------------------------------------------------------------------- write failure

    @Test
    public void aWriteFailureRemovesWhatWasWrittenEverywhereAndFlipsNobody() {
        writer.refuse.put(S2, Set.of(Mode.ADD));

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1), neverProgrammed(S3)));

        assertTrue(writer.configs().isEmpty());
        for (DeviceId d : List.of(S1, S2, S3)) {
            List<Call> calls = writer.of(d);
            Set<FlowRule> added = rulesOf(calls, Mode.ADD);
            assertFalse(added.isEmpty());
            assertEquals(d + " keeps none of the new rules", added, rulesOf(calls, Mode.REMOVE));
            // The old bank was not touched.
            assertTrue(rulesOf(calls, Mode.REMOVE).stream().noneMatch(
                    r -> onSwitch.getOrDefault(d, Map.of()).values().stream().anyMatch(l -> l.contains(r))));
        }

        RolloutResult result = report.result;
        assertFalse(result.succeeded());
        assertEquals(Outcome.NOT_ATTEMPTED, result(report, S1).outcome());
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.NOT_ATTEMPTED, result(report, S3).outcome());
        assertEquals(S2, result.failure().orElseThrow().deviceId());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("writing the model to bank 0"));
        assertTrue(error, error.contains("refused"));

        assertEquals("only the failed switch gets a state", Set.of(S2), report.states.keySet());
        DeviceModelState s2 = report.states.get(S2);
        assertEquals("the old bank stays active", 1, s2.activeBank());
        assertEquals(OLD, s2.modelId().orElseThrow());
        assertEquals("the old bank's entries", planner.bankRules(S2, oldModel, 1).size(), s2.entries());
        assertEquals(error, s2.lastError().orElseThrow());
        assertEquals(planner.bankRules(S2, model, 0).size(), result(report, S2).entries());
    }

    @Test
    public void aWriteThatFailsWithAnExceptionIsAFailureToo() {
        writer.throwing.put(S1, Set.of(Mode.ADD));
        FabricRollout.Report report = run(List.of(neverProgrammed(S1)));
        assertFalse(report.result.succeeded());
        String error = result(report, S1).error().orElseThrow();
        assertTrue(error, error.contains("channel closed"));
        assertTrue(writer.configs().isEmpty());
    }

    @Test
    public void aSwitchThatNeverConfirmsTimesOut() {
        writer.hang.put(S2, Set.of(Mode.ADD));
        long started = System.currentTimeMillis();

        FabricRollout.Report report = rollout(100).run(NEW, OLD, model,
                                                       List.of(neverProgrammed(S1), neverProgrammed(S2)),
                                                       BASE, NEW_EPOCH);

        assertTrue("bounded by the timeout", System.currentTimeMillis() - started < 5000);
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.NOT_ATTEMPTED, result(report, S1).outcome());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("no confirmation within 100 ms"));
        assertTrue(writer.configs().isEmpty());
        assertEquals(rulesOf(writer.of(S1), Mode.ADD), rulesOf(writer.of(S1), Mode.REMOVE));
        DeviceModelState s2 = report.states.get(S2);
        assertEquals("a never-programmed switch stays so", DeviceModelState.NO_BANK, s2.activeBank());
        assertFalse(s2.modelId().isPresent());
        assertEquals(0, s2.entries());
        assertEquals(Set.of(S2), report.states.keySet());
    }

    // ---------------------------------------------------------------------------------------- flip failure

    @Test
    public void aFlipFailureFlipsBackEverySwitchThatFlippedAndRemovesTheNewBank() {
        writer.refuse.put(S2, Set.of(Mode.MODIFY));

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1), neverProgrammed(S3)));

        // S1 and S3 flipped to the new bank, then back to their old bank and epoch; S2's flip was refused, and it is
        // given its old config too, in case the refused (or timed-out) flip lands after all.
        List<Call> s1Configs = writer.of(S1).stream().filter(Call::isConfig).collect(Collectors.toList());
        assertEquals(2, s1Configs.size());
        assertEquals(1, s1Configs.get(0).bank());
        assertEquals(NEW_EPOCH, param(s1Configs.get(0).rules.get(0), EPOCH));
        assertEquals(Mode.MODIFY, s1Configs.get(1).mode);
        assertEquals(0, s1Configs.get(1).bank());
        assertEquals(OLD_EPOCH, param(s1Configs.get(1).rules.get(0), EPOCH));

        List<Call> s3Configs = writer.of(S3).stream().filter(Call::isConfig).collect(Collectors.toList());
        assertEquals(2, s3Configs.size());
        assertEquals(1, s3Configs.get(0).bank());
        assertEquals("a never-programmed switch goes back to the initial bank", 0, s3Configs.get(1).bank());
        assertEquals(0, param(s3Configs.get(1).rules.get(0), EPOCH));

        List<Call> s2Configs = writer.of(S2).stream().filter(Call::isConfig).collect(Collectors.toList());
        assertEquals(2, s2Configs.size());
        assertEquals("the failed switch is told its old bank again", 1, s2Configs.get(1).bank());
        assertEquals(OLD_EPOCH, param(s2Configs.get(1).rules.get(0), EPOCH));

        for (DeviceId d : List.of(S1, S2, S3)) {
            List<Call> calls = writer.of(d);
            assertEquals(d + " keeps none of the new rules", rulesOf(calls, Mode.ADD), rulesOf(calls, Mode.REMOVE));
        }

        RolloutResult result = report.result;
        assertFalse(result.succeeded());
        assertEquals(Outcome.ROLLED_BACK, result(report, S1).outcome());
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.ROLLED_BACK, result(report, S3).outcome());
        assertEquals(S2, result.failure().orElseThrow().deviceId());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("flipping to bank 0"));
        assertEquals(Set.of(S2), report.states.keySet());
        assertEquals(1, report.states.get(S2).activeBank());
        assertEquals(OLD, report.states.get(S2).modelId().orElseThrow());
        assertEquals(error, report.states.get(S2).lastError().orElseThrow());
    }

    // ---------------------------------------------------------------------------------------- cleanup

    @Test
    public void aCleanupFailureLeavesTheRolloutStandingWithAWarning() {
        writer.refuse.put(S1, Set.of(Mode.REMOVE));

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1)));

        assertTrue(report.result.succeeded());
        assertFalse(report.result.failure().isPresent());
        DeviceResult s1 = result(report, S1);
        assertEquals(Outcome.FLIPPED, s1.outcome());
        String warning = s1.error().orElseThrow();
        assertTrue(warning, warning.contains("removing the old bank 0"));
        assertEquals(1, report.states.get(S1).activeBank());
        assertEquals(NEW, report.states.get(S1).modelId().orElseThrow());
        assertEquals(warning, report.states.get(S1).lastError().orElseThrow());
        assertNull(report.states.get(S2).lastError().orElse(null));
        assertFalse(result(report, S2).error().isPresent());
    }
}
