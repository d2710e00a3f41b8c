/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.capacity.CapacityReport;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Rolls one model out to a set of switches, atomically per switch and all-or-nothing for the fabric:
 * <ol>
 * <li>write: every switch gets the model in its idle bank (stale entries of ours in that bank removed first);</li>
 * <li>flip: every switch's config default action names the idle bank and the new epoch — one write, so no packet
 * is classified by half of one model and half of another;</li>
 * <li>clean: the old bank's entries are removed.</li>
 * </ol>
 * A failure in the write phase removes what was written; a failure in the flip phase flips the switches that had
 * flipped back to their old bank. Either way the old model stays active everywhere. Every step goes through each
 * switch's {@link NidsProgrammable}. {@link #runUntilFlipped} answers once every switch flipped and confirms the
 * clean-up after the answer (the model classifies from the flip on; the removal costs as much as the write).
 */
final class FabricRollout {

    private final Logger log = getLogger(getClass());

    /** A switch to program, with what it runs now. */
    static final class Target {
        final DeviceId deviceId;
        final NidsProgrammable pipeline;
        final int bank;
        final long epoch;
        final String modelId;
        final int entries;

        /**
         * A switch whose active bank holds no model.
         *
         * @param deviceId switch
         * @param pipeline its pipeline
         * @param bank     its active bank ({@link DeviceModelState#NO_BANK}: never programmed, the pipeline's
         *                 initial bank 0 is active and empty)
         * @param epoch    epoch of the model in the active bank (0 when none)
         */
        Target(DeviceId deviceId, NidsProgrammable pipeline, int bank, long epoch) {
            this(deviceId, pipeline, bank, epoch, null, 0);
        }

        /**
         * @param deviceId switch
         * @param pipeline its pipeline
         * @param bank     its active bank
         * @param epoch    epoch of the model in the active bank
         * @param modelId  the model in the active bank (null when none): what the switch keeps if the rollout fails
         * @param entries  classifier entries of the active bank
         */
        Target(DeviceId deviceId, NidsProgrammable pipeline, int bank, long epoch, String modelId, int entries) {
            this.deviceId = deviceId;
            this.pipeline = pipeline;
            this.bank = bank;
            this.epoch = epoch;
            this.modelId = modelId;
            this.entries = entries;
        }

        /**
         * @param deviceId switch
         * @param pipeline its pipeline
         * @param state    what the app recorded for it, if anything
         * @param epoch    epoch of the model the recorded state holds
         * @return the target: a switch without a programmed bank holds no model
         */
        static Target of(DeviceId deviceId, NidsProgrammable pipeline, Optional<DeviceModelState> state,
                         long epoch) {
            return state.filter(s -> s.activeBank() != DeviceModelState.NO_BANK)
                    .map(s -> new Target(deviceId, pipeline, s.activeBank(), epoch, s.modelId().orElse(null),
                                         s.entries()))
                    .orElse(new Target(deviceId, pipeline, DeviceModelState.NO_BANK, 0));
        }

        int activeBank() {
            return bank == DeviceModelState.NO_BANK ? 0 : bank;
        }

        int idleBank() {
            return 1 - activeBank();
        }
    }

    /** What a rollout did: the per-switch report and the switch states to store. */
    static final class Report {
        final RolloutResult result;
        final Map<DeviceId, DeviceModelState> states;
        /**
         * Completes once the old banks' removal is confirmed or given up, with the states to store then: those of the
         * switches that did not confirm it, with the warning. Complete (and empty) unless the clean-up runs after the
         * answer ({@link #runUntilFlipped}).
         */
        final CompletableFuture<Map<DeviceId, DeviceModelState>> cleanedUp;

        Report(RolloutResult result, Map<DeviceId, DeviceModelState> states) {
            this(result, states, CompletableFuture.completedFuture(Map.of()));
        }

        Report(RolloutResult result, Map<DeviceId, DeviceModelState> states,
               CompletableFuture<Map<DeviceId, DeviceModelState>> cleanedUp) {
            this.result = result;
            this.states = states;
            this.cleanedUp = cleanedUp;
        }
    }

    private static final FeatureCatalog CATALOG = FeatureCatalog.standard();

    private final long timeoutMillis;
    private final LongSupplier clock;
    private final Function<String, Optional<ModelBundle>> models;

    /**
     * @param timeoutMillis how long one switch may take to confirm one step
     * @param clock         wall clock in ms
     */
    FabricRollout(long timeoutMillis, LongSupplier clock) {
        this(timeoutMillis, clock, id -> Optional.empty());
    }

    /**
     * @param timeoutMillis how long one switch may take to confirm one step
     * @param clock         wall clock in ms
     * @param models        stored models by id: a switch flipped back gets its old model's alert threshold and
     *                      source window again
     */
    FabricRollout(long timeoutMillis, LongSupplier clock, Function<String, Optional<ModelBundle>> models) {
        this.timeoutMillis = timeoutMillis;
        this.clock = clock;
        this.models = models;
    }

    /**
     * Rolls a model out; answers once the old banks are removed too (or their removal given up).
     *
     * @param modelId         the model
     * @param previousModelId the model active before (null when none)
     * @param model           its bundle
     * @param targets         the switches
     * @param config          the pipeline settings (bank and epoch set per switch)
     * @param newEpoch        the model's epoch
     * @return what it did
     */
    Report run(String modelId, String previousModelId, ModelBundle model, List<Target> targets,
               PipelineConfig config, long newEpoch) {
        return run(modelId, previousModelId, model, targets, config, newEpoch, null);
    }

    /**
     * Rolls a model out; answers once every switch flipped (or the rollout was undone). The old banks' removal is
     * requested before the answer and confirmed after it on {@code cleanup} ({@link Report#cleanedUp}): whoever
     * programs the switches next waits for it, since the old banks are where the next model goes.
     *
     * @param modelId         the model
     * @param previousModelId the model active before (null when none)
     * @param model           its bundle
     * @param targets         the switches
     * @param config          the pipeline settings (bank and epoch set per switch)
     * @param newEpoch        the model's epoch
     * @param cleanup         where the removal of the old banks is awaited
     * @return what it did until the flip
     */
    Report runUntilFlipped(String modelId, String previousModelId, ModelBundle model, List<Target> targets,
                           PipelineConfig config, long newEpoch, Executor cleanup) {
        return run(modelId, previousModelId, model, targets, config, newEpoch, cleanup);
    }

    private Report run(String modelId, String previousModelId, ModelBundle model, List<Target> targets,
                       PipelineConfig config, long newEpoch, Executor cleanupAfterAnswer) {
        long started = clock.getAsLong();
        Map<DeviceId, Target> byId = new HashMap<>();
        targets.forEach(t -> byId.put(t.deviceId, t));
        Map<DeviceId, Integer> written = new LinkedHashMap<>();
        Map<DeviceId, Long> startedAt = new HashMap<>();

        // 0. every switch must hold the model: checked before the first write
        Map<DeviceId, String> tooSmall = new LinkedHashMap<>();
        for (Target t : targets) {
            written.put(t.deviceId, t.pipeline.entryCount(model));
            startedAt.put(t.deviceId, clock.getAsLong());
            fitError(model, t.pipeline).ifPresent(error -> tooSmall.put(t.deviceId, error));
        }
        if (!tooSmall.isEmpty()) {
            return report(modelId, previousModelId, targets, written, tooSmall, Map.of(), startedAt, started,
                          Outcome.NOT_ATTEMPTED);
        }

        // 1. write the idle banks
        Map<DeviceId, CompletableFuture<Boolean>> writes = new LinkedHashMap<>();
        for (Target t : targets) {
            writes.put(t.deviceId, t.pipeline.writeBank(t.idleBank(), model));
        }
        Map<DeviceId, String> writeErrors = await(writes,
                                                  d -> "writing the model to bank " + byId.get(d).idleBank());
        long writtenAt = clock.getAsLong();
        if (!writeErrors.isEmpty()) {
            Map<DeviceId, CompletableFuture<Boolean>> clears = new LinkedHashMap<>();
            for (Target t : targets) {
                // Also on the failed switch: part of its batch may have been written.
                clears.put(t.deviceId, t.pipeline.clearBank(t.idleBank()));
            }
            // Awaited: a switch that does not confirm is recorded with the error, and reconciled again.
            Map<DeviceId, String> clearErrors = await(clears, d -> "rollback: clearing bank " + byId.get(d).idleBank());
            return report(modelId, previousModelId, targets, written, writeErrors, clearErrors, startedAt, started,
                          Outcome.NOT_ATTEMPTED);
        }

        // 2. flip every switch to the new bank
        Map<DeviceId, CompletableFuture<Boolean>> flips = new LinkedHashMap<>();
        for (Target t : targets) {
            flips.put(t.deviceId, t.pipeline.configure(config.withModel(t.idleBank(), newEpoch, model)));
        }
        Map<DeviceId, String> flipErrors = await(flips, d -> "flipping to bank " + byId.get(d).idleBank());
        long flippedAt = clock.getAsLong();
        if (!flipErrors.isEmpty()) {
            Map<DeviceId, CompletableFuture<Boolean>> flipBacks = new LinkedHashMap<>();
            for (Target t : targets) {
                // Also the failed switches: a flip that timed out may still land. The old config goes first, so
                // no packet meets the emptied bank; a refused flip-back leaves the bank as it is. The old model's alert
                // threshold and source window come back with it.
                Optional<ModelBundle> old = Optional.ofNullable(t.modelId).flatMap(models);
                PipelineConfig back = old.map(m -> config.withModel(t.activeBank(), t.epoch, m))
                        .orElse(config.withBank(t.activeBank(), t.epoch));
                flipBacks.put(t.deviceId, t.pipeline.configure(back)
                        .thenCompose(ok -> ok ? t.pipeline.clearBank(t.idleBank())
                                              : CompletableFuture.completedFuture(false)));
            }
            // Awaited: a switch that refuses the flip-back is recorded with the error, and reconciled again.
            Map<DeviceId, String> flipBackErrors = await(flipBacks, d -> "rollback: flipping back to bank "
                    + byId.get(d).activeBank());
            List<DeviceId> flippedBack = new ArrayList<>(targets.size());
            targets.stream().map(t -> t.deviceId).filter(d -> !flipBackErrors.containsKey(d))
                    .forEach(flippedBack::add);
            log.warn("Rollout of {} failed on {}; flipped back {}{}", modelId, flipErrors.keySet(), flippedBack,
                     flipBackErrors.isEmpty() ? "" : "; not confirmed: " + flipBackErrors);
            return report(modelId, previousModelId, targets, written, flipErrors, flipBackErrors, startedAt, started,
                          Outcome.ROLLED_BACK);
        }

        // 3. remove the old banks (a failure here leaves unused entries, recorded, but the rollout stands)
        Map<DeviceId, CompletableFuture<Boolean>> cleanups = new LinkedHashMap<>();
        for (Target t : targets) {
            cleanups.put(t.deviceId, t.pipeline.clearBank(t.activeBank()));
        }
        Function<DeviceId, String> cleanupStep = d -> "removing the old bank " + byId.get(d).activeBank();
        String steps = "written in " + (writtenAt - started) + " ms, flipped in " + (flippedAt - writtenAt) + " ms";
        if (cleanupAfterAnswer == null) {
            Map<DeviceId, String> cleanupErrors = await(cleanups, cleanupStep);
            log.info("Rollout of {} to {} switch(es): {}, old banks removed in {} ms", modelId, targets.size(),
                     steps, clock.getAsLong() - flippedAt);
            return report(modelId, previousModelId, targets, written, Map.of(), cleanupErrors, startedAt, started,
                          Outcome.FLIPPED);
        }
        log.info("Rollout of {} to {} switch(es): {}; removing the old banks", modelId, targets.size(), steps);
        Report flipped = report(modelId, previousModelId, targets, written, Map.of(), Map.of(), startedAt, started,
                                Outcome.FLIPPED);
        CompletableFuture<Map<DeviceId, DeviceModelState>> cleanedUp = CompletableFuture.supplyAsync(() -> {
            Map<DeviceId, String> cleanupErrors = await(cleanups, cleanupStep);
            log.info("Rollout of {}: old banks removed in {} ms{}", modelId, clock.getAsLong() - flippedAt,
                     cleanupErrors.isEmpty() ? "" : "; not confirmed: " + cleanupErrors);
            Map<DeviceId, DeviceModelState> warned = new LinkedHashMap<>();
            report(modelId, previousModelId, targets, written, Map.of(), cleanupErrors, startedAt, started,
                   Outcome.FLIPPED).states.forEach((d, state) -> {
                        if (cleanupErrors.containsKey(d)) {
                            warned.put(d, state);
                        }
                    });
            return warned;
        }, cleanupAfterAnswer);
        return new Report(flipped.result, flipped.states, cleanedUp);
    }

    /** Why a switch's pipeline cannot hold a model (fewer slots, banks, phases, classes or entries than it needs). */
    static Optional<String> fitError(ModelBundle model, NidsProgrammable pipeline) {
        CapacityReport report = ModelBundles.capacityReport(model, CATALOG, pipeline.capacity());
        if (report.fits()) {
            return Optional.empty();
        }
        return Optional.of("the pipeline cannot hold the model: " + report.overflows().stream()
                .map(CapacityReport.Usage::describe).collect(Collectors.joining("; ")));
    }

    /** @return per switch that failed the step: what it was doing (with the bank) and what went wrong */
    private Map<DeviceId, String> await(Map<DeviceId, CompletableFuture<Boolean>> futures,
                                        Function<DeviceId, String> stepOf) {
        Map<DeviceId, String> errors = new LinkedHashMap<>();
        long deadline = clock.getAsLong() + timeoutMillis;
        for (Map.Entry<DeviceId, CompletableFuture<Boolean>> e : futures.entrySet()) {
            String step = stepOf.apply(e.getKey());
            try {
                long left = Math.max(1, deadline - clock.getAsLong());
                if (!e.getValue().get(left, TimeUnit.MILLISECONDS)) {
                    errors.put(e.getKey(), step + ": the switch refused the write");
                }
            } catch (TimeoutException ex) {
                errors.put(e.getKey(), step + ": no confirmation within " + timeoutMillis + " ms");
            } catch (ExecutionException ex) {
                errors.put(e.getKey(), step + ": " + ex.getCause().getMessage());
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                errors.put(e.getKey(), step + ": interrupted");
            }
        }
        return errors;
    }

    private Report report(String modelId, String previousModelId, List<Target> targets,
                          Map<DeviceId, Integer> written, Map<DeviceId, String> failures,
                          Map<DeviceId, String> warnings, Map<DeviceId, Long> startedAt, long started,
                          Outcome othersOutcome) {
        long now = clock.getAsLong();
        ImmutableList.Builder<DeviceResult> results = ImmutableList.builder();
        ImmutableMap.Builder<DeviceId, DeviceModelState> states = ImmutableMap.builder();
        for (Target t : targets) {
            int entries = written.get(t.deviceId);
            long millis = now - startedAt.get(t.deviceId);
            String failure = failures.get(t.deviceId);
            String compensation = othersOutcome == Outcome.FLIPPED ? null : warnings.get(t.deviceId);
            if (failure != null) {
                String error = compensation == null ? failure : failure + "; " + compensation;
                results.add(new DeviceResult(t.deviceId, Outcome.FAILED, t.idleBank(), entries, error, millis));
                // The switch still classifies with what its active bank held before.
                states.put(t.deviceId, new DeviceModelState(t.deviceId, t.bank, t.modelId, t.entries, error, now));
            } else if (othersOutcome == Outcome.FLIPPED) {
                String warning = warnings.get(t.deviceId);
                results.add(new DeviceResult(t.deviceId, Outcome.FLIPPED, t.idleBank(), entries, warning, millis));
                states.put(t.deviceId, new DeviceModelState(t.deviceId, t.idleBank(), modelId, entries, warning,
                                                            now));
            } else {
                results.add(new DeviceResult(t.deviceId, othersOutcome, t.idleBank(), entries, compensation,
                                             millis));
                // Back on its active bank (or, with the compensation's error, to be reconciled again).
                states.put(t.deviceId, new DeviceModelState(t.deviceId, t.bank, t.modelId, t.entries, compensation,
                                                            now));
            }
        }
        return new Report(new RolloutResult(modelId, previousModelId, results.build(), now - started),
                          states.build());
    }
}
