/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.impl.FakePipeline.Call;
import org.onosproject.nids.impl.FakePipeline.Step;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/** The write / flip / clean protocol of a fabric rollout over the switches' pipelines, and its undo on a failure. */
public class FabricRolloutTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");
    private static final String NEW = "nids-new";
    private static final String OLD = "nids-old";
    private static final long NEW_EPOCH = 5;
    private static final long OLD_EPOCH = 4;
    private static final PipelineConfig BASE = new PipelineConfig(0, 0, TrackMode.EDGE, 1000, 60_000_000L, 1000, 100,
                                                                  EnumSet.allOf(ReportReason.class));

    private final ModelBundle model = NidsTestModels.bundle(NidsTestModels.fourFeatureTree(), "four");
    private final ModelBundle oldModel = NidsTestModels.bundle(NidsTestModels.ttlTree(), "ttl");
    private final Map<DeviceId, FakePipeline> pipelines = Map.of(S1, new FakePipeline(S1), S2, new FakePipeline(S2),
                                                                 S3, new FakePipeline(S3));
    /** Every call on every switch, in the order the rollout made them. */
    private final List<Call> allCalls = new ArrayList<>();

    private FabricRollout.Report run(List<FabricRollout.Target> targets) {
        return run(2000, targets);
    }

    private FabricRollout.Report run(long timeoutMillis, List<FabricRollout.Target> targets) {
        return new FabricRollout(timeoutMillis, System::currentTimeMillis)
                .run(NEW, OLD, model, targets, BASE, NEW_EPOCH);
    }

    /** The switch runs the old model in this bank. */
    private FabricRollout.Target running(DeviceId d, int bank) {
        FakePipeline pipeline = pipelines.get(d);
        pipeline.banks.put(bank, oldModel);
        return new FabricRollout.Target(d, recording(pipeline), bank, OLD_EPOCH, OLD, pipeline.entryCount(oldModel));
    }

    private FabricRollout.Target neverProgrammed(DeviceId d) {
        return new FabricRollout.Target(d, recording(pipelines.get(d)), DeviceModelState.NO_BANK, 0);
    }

    /** The pipeline, with its calls also recorded in the fabric-wide order. */
    private FakePipeline recording(FakePipeline pipeline) {
        pipeline.fabricCalls = allCalls;
        return pipeline;
    }

    private static DeviceResult result(FabricRollout.Report report, DeviceId d) {
        return report.result.devices().stream().filter(r -> r.deviceId().equals(d)).findFirst().orElseThrow();
    }

    private static int indexOfFirst(List<Call> calls, Step step) {
        for (int i = 0; i < calls.size(); i++) {
            if (calls.get(i).step == step) {
                return i;
            }
        }
        return -1;
    }

    private static int indexOfLast(List<Call> calls, Step step) {
        for (int i = calls.size() - 1; i >= 0; i--) {
            if (calls.get(i).step == step) {
                return i;
            }
        }
        return -1;
    }

    // ---------------------------------------------------------------------------------------- success

    @Test
    public void aNeverProgrammedSwitchGetsTheModelInBankOneThenFlips() {
        FabricRollout.Report report = run(List.of(neverProgrammed(S1)));

        List<Call> calls = pipelines.get(S1).calls;
        assertEquals(calls.toString(), 3, calls.size());
        assertEquals(Step.WRITE, calls.get(0).step);
        assertEquals(1, calls.get(0).bank);
        assertSame(model, calls.get(0).model);
        assertEquals(Step.CONFIGURE, calls.get(1).step);
        assertEquals(1, calls.get(1).config.bank());
        assertEquals(NEW_EPOCH, calls.get(1).config.epoch());
        assertEquals("the initial bank is cleaned", Step.CLEAR, calls.get(2).step);
        assertEquals(0, calls.get(2).bank);

        assertTrue(report.result.succeeded());
        DeviceResult r = result(report, S1);
        assertEquals(Outcome.FLIPPED, r.outcome());
        assertEquals(1, r.bank());
        assertEquals(pipelines.get(S1).entryCount(model), r.entries());
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
            FakePipeline pipeline = pipelines.get(d);
            assertEquals(Map.of(idle, model), pipeline.banks);
            assertEquals(idle, pipeline.config.bank());
            assertEquals(NEW_EPOCH, pipeline.config.epoch());
            assertEquals(BASE.withModel(idle, NEW_EPOCH, model), pipeline.config);
            assertEquals(idle, result(report, d).bank());
            assertEquals(idle, report.states.get(d).activeBank());
        }
    }

    @Test
    public void noSwitchFlipsBeforeEveryIdleBankIsWrittenAndNoneIsCleanedBeforeAllFlipped() {
        run(List.of(running(S1, 0), neverProgrammed(S2), running(S3, 1)));

        assertTrue(allCalls.toString(), indexOfLast(allCalls, Step.WRITE) < indexOfFirst(allCalls, Step.CONFIGURE));
        assertTrue(allCalls.toString(), indexOfLast(allCalls, Step.CONFIGURE) < indexOfFirst(allCalls, Step.CLEAR));
        assertEquals(3, allCalls.stream().filter(c -> c.step == Step.CONFIGURE).count());
    }

    @Test
    public void aSwitchThatCannotHoldTheModelFailsTheRolloutBeforeAnyWrite() {
        pipelines.get(S2).capacity = NidsTestModels.capacityBuilder().decisionTableSize(4).build();

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1)));

        assertTrue("nothing written anywhere: " + allCalls, allCalls.isEmpty());
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.NOT_ATTEMPTED, result(report, S1).outcome());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("decision table (one bank, all phases): 5 entries needed, 2 available"));
        assertEquals(OLD, report.states.get(S2).modelId().orElseThrow());
    }

    @Test
    public void aRolloutToNoSwitchSucceeds() {
        FabricRollout.Report report = run(List.of());
        assertTrue(report.result.succeeded());
        assertTrue(report.result.devices().isEmpty());
        assertTrue(report.states.isEmpty());
        assertTrue(allCalls.isEmpty());
    }

    // ---------------------------------------------------------------------------------------- write failure

    @Test
    public void aWriteFailureClearsTheWrittenBankEverywhereAndFlipsNobody() {
        pipelines.get(S2).refuse.add(Step.WRITE);

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1), neverProgrammed(S3)));

        assertEquals(-1, indexOfFirst(allCalls, Step.CONFIGURE));
        assertEquals(Map.of(0, oldModel), pipelines.get(S1).banks);
        assertEquals(Map.of(1, oldModel), pipelines.get(S2).banks);
        assertEquals(Map.of(), pipelines.get(S3).banks);
        for (DeviceId d : List.of(S1, S2, S3)) {
            List<Call> clears = pipelines.get(d).calls(Step.CLEAR);
            assertEquals(d + ": " + clears, 1, clears.size());
            assertEquals("only the idle bank is cleared", d.equals(S2) ? 0 : 1, clears.get(0).bank);
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

        assertEquals("every switch gets a state", Set.of(S1, S2, S3), report.states.keySet());
        assertFalse("the others' clears confirmed", report.states.get(S1).lastError().isPresent());
        DeviceModelState s2 = report.states.get(S2);
        assertEquals("the old bank stays active", 1, s2.activeBank());
        assertEquals(OLD, s2.modelId().orElseThrow());
        assertEquals("the old bank's entries", pipelines.get(S2).entryCount(oldModel), s2.entries());
        assertEquals(error, s2.lastError().orElseThrow());
        assertEquals(pipelines.get(S2).entryCount(model), result(report, S2).entries());
    }

    @Test
    public void aWriteThatFailsWithAnExceptionIsAFailureToo() {
        pipelines.get(S1).throwing.add(Step.WRITE);
        FabricRollout.Report report = run(List.of(neverProgrammed(S1)));
        assertFalse(report.result.succeeded());
        String error = result(report, S1).error().orElseThrow();
        assertTrue(error, error.contains("channel closed"));
        assertEquals(-1, indexOfFirst(allCalls, Step.CONFIGURE));
    }

    @Test
    public void aSwitchThatNeverConfirmsTimesOut() {
        pipelines.get(S2).hang.add(Step.WRITE);
        long started = System.currentTimeMillis();

        FabricRollout.Report report = run(100, List.of(neverProgrammed(S1), neverProgrammed(S2)));

        assertTrue("bounded by the timeout", System.currentTimeMillis() - started < 5000);
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.NOT_ATTEMPTED, result(report, S1).outcome());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("no confirmation within 100 ms"));
        assertEquals(-1, indexOfFirst(allCalls, Step.CONFIGURE));
        assertEquals("what S1 got is cleared", Map.of(), pipelines.get(S1).banks);
        DeviceModelState s2 = report.states.get(S2);
        assertEquals("a never-programmed switch stays so", DeviceModelState.NO_BANK, s2.activeBank());
        assertFalse(s2.modelId().isPresent());
        assertEquals(0, s2.entries());
        assertEquals(Set.of(S1, S2), report.states.keySet());
        assertFalse(report.states.get(S1).modelId().isPresent());
    }

    // ---------------------------------------------------------------------------------------- flip failure

    @Test
    public void aFlipFailureFlipsBackEverySwitchThatFlippedAndClearsTheNewBank() {
        pipelines.get(S2).refuse.add(Step.CONFIGURE);

        FabricRollout.Report report = run(List.of(running(S1, 0), running(S2, 1), neverProgrammed(S3)));

        // S1 and S3 flipped to the new bank, then back to their old bank and epoch; S2's flip was refused, and it is
        // given its old config too, in case the refused (or timed-out) flip lands after all.
        List<Call> s1Configs = pipelines.get(S1).calls(Step.CONFIGURE);
        assertEquals(2, s1Configs.size());
        assertEquals(1, s1Configs.get(0).bank);
        assertEquals(NEW_EPOCH, s1Configs.get(0).config.epoch());
        assertEquals(0, s1Configs.get(1).bank);
        assertEquals(OLD_EPOCH, s1Configs.get(1).config.epoch());

        List<Call> s3Configs = pipelines.get(S3).calls(Step.CONFIGURE);
        assertEquals(2, s3Configs.size());
        assertEquals(1, s3Configs.get(0).bank);
        assertEquals("a never-programmed switch goes back to the initial bank", 0, s3Configs.get(1).bank);
        assertEquals(0, s3Configs.get(1).config.epoch());

        List<Call> s2Configs = pipelines.get(S2).calls(Step.CONFIGURE);
        assertEquals(2, s2Configs.size());
        assertEquals("the failed switch is told its old bank again", 1, s2Configs.get(1).bank);
        assertEquals(OLD_EPOCH, s2Configs.get(1).config.epoch());

        assertEquals(Map.of(0, oldModel), pipelines.get(S1).banks);
        // S2 refused the flip-back too: its new bank is left alone (it may be the one classifying), and its state
        // says so, for the next reconcile to repair.
        assertEquals(Map.of(0, model, 1, oldModel), pipelines.get(S2).banks);
        assertEquals(Map.of(), pipelines.get(S3).banks);
        for (DeviceId d : List.of(S1, S3)) {
            List<Call> calls = pipelines.get(d).calls;
            assertEquals("the old config goes first, then the new bank is cleared: " + calls,
                         Step.CLEAR, calls.get(calls.size() - 1).step);
        }

        RolloutResult result = report.result;
        assertFalse(result.succeeded());
        assertEquals(Outcome.ROLLED_BACK, result(report, S1).outcome());
        assertEquals(Outcome.FAILED, result(report, S2).outcome());
        assertEquals(Outcome.ROLLED_BACK, result(report, S3).outcome());
        assertEquals(S2, result.failure().orElseThrow().deviceId());
        String error = result(report, S2).error().orElseThrow();
        assertTrue(error, error.contains("flipping to bank 0"));
        assertTrue(error, error.contains("rollback: flipping back to bank 1: the switch refused the write"));
        assertEquals(Set.of(S1, S2, S3), report.states.keySet());
        assertEquals("S1 back on its bank, in line", 0, report.states.get(S1).activeBank());
        assertFalse(report.states.get(S1).lastError().isPresent());
        assertEquals(1, report.states.get(S2).activeBank());
        assertEquals(OLD, report.states.get(S2).modelId().orElseThrow());
        assertEquals(error, report.states.get(S2).lastError().orElseThrow());
    }

    // ---------------------------------------------------------------------------------------- cleanup

    @Test
    public void aCleanupFailureLeavesTheRolloutStandingWithAWarning() {
        pipelines.get(S1).refuse.add(Step.CLEAR);

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

    @Test
    public void runUntilFlippedAnswersOnceFlippedAndConfirmsTheCleanupAfter() throws Exception {
        pipelines.get(S1).hang.add(Step.CLEAR);
        ExecutorService cleanup = Executors.newSingleThreadExecutor();
        try {
            FabricRollout.Report report = new FabricRollout(300, System::currentTimeMillis)
                    .runUntilFlipped(NEW, OLD, model, List.of(running(S1, 0), running(S2, 1)), BASE, NEW_EPOCH,
                                     cleanup);

            // Answered with S1's removal still unconfirmed, both flipped, no warning yet.
            assertTrue(report.result.succeeded());
            assertEquals(Outcome.FLIPPED, result(report, S1).outcome());
            assertFalse(result(report, S1).error().isPresent());
            assertEquals(1, report.states.get(S1).activeBank());
            assertEquals(NEW, report.states.get(S1).modelId().orElseThrow());
            assertEquals("both removals requested before the answer", 1, pipelines.get(S1).calls(Step.CLEAR).size());
            assertEquals(0, pipelines.get(S1).calls(Step.CLEAR).get(0).bank);
            assertFalse("S2's old bank removed", pipelines.get(S2).banks.containsKey(1));

            // After the step timeout: only S1's state, on the new bank, with the warning.
            Map<DeviceId, DeviceModelState> warned = report.cleanedUp.get(10, TimeUnit.SECONDS);
            assertEquals(Set.of(S1), warned.keySet());
            assertEquals(1, warned.get(S1).activeBank());
            assertEquals(NEW, warned.get(S1).modelId().orElseThrow());
            String warning = warned.get(S1).lastError().orElseThrow();
            assertTrue(warning, warning.contains("removing the old bank 0: no confirmation within 300 ms"));
        } finally {
            cleanup.shutdownNow();
        }
    }

    @Test
    public void aRolloutThatIsUndoneLeavesNoCleanupBehind() throws Exception {
        pipelines.get(S2).refuse.add(Step.WRITE);

        FabricRollout.Report report = new FabricRollout(2000, System::currentTimeMillis)
                .runUntilFlipped(NEW, OLD, model, List.of(running(S1, 0), running(S2, 1)), BASE, NEW_EPOCH,
                                 command -> {
                                     throw new AssertionError("nothing to remove after the answer");
                                 });

        assertFalse(report.result.succeeded());
        assertTrue(report.cleanedUp.isDone());
        assertTrue(report.cleanedUp.get().isEmpty());
    }
}
