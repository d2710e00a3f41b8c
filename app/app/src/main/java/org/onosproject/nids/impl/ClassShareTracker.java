/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsClassShareService;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.store.service.Versioned;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Dictionary;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.impl.DriftPropertyConstants.COUNTER_POLL_SECONDS;
import static org.onosproject.nids.impl.DriftPropertyConstants.COUNTER_POLL_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.DriftPropertyConstants.DRIFT_SAMPLES;
import static org.onosproject.nids.impl.DriftPropertyConstants.DRIFT_SAMPLES_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Reads the per-class counters (both banks) of the NIDS switches this instance masters on a schedule, and adds what
 * they counted to the cluster-wide class-share series: packets per class and poll round across the fabric, under the
 * active model. Every instance runs one; each switch is read by its master only (a switch without a master, while
 * ONOS re-asserts mastership, by whoever reads first: {@link SwitchDirectory#mastersHere}), and when mastership moves
 * the new master reads on from the old one's last read, which the store keeps. Polls fall in rounds of the poll
 * period aligned to the clock (each instance polls in the middle of a round), so the reads of every switch's master
 * in a round make one sample.
 */
@Component(immediate = true, service = NidsClassShareService.class,
        property = {
                COUNTER_POLL_SECONDS + ":Integer=" + COUNTER_POLL_SECONDS_DEFAULT,
                DRIFT_SAMPLES + ":Integer=" + DRIFT_SAMPLES_DEFAULT,
        })
public class ClassShareTracker implements NidsClassShareService {

    private static final int[] BANKS = {0, 1};

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsModelService modelService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsDeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ClassShareStore store;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;

    /** Seconds between two reads of every switch's per-class counters for the class-share series (0: off). */
    private volatile int counterPollSeconds = COUNTER_POLL_SECONDS_DEFAULT;
    /** Class-share samples kept (GET /onos/nids/stats shows the newest). */
    private volatile int driftSamples = DRIFT_SAMPLES_DEFAULT;
    /** Per switch this instance read (bounded by the fabric): its reads. */
    private final Map<DeviceId, Long> localReads = new ConcurrentHashMap<>();
    private final AtomicLong readsSuperseded = new AtomicLong();
    private ScheduledExecutorService executor;
    private ScheduledFuture<?> poll;
    /** A new schedule (the period changed) ends the old one's chain of polls. */
    private int schedule;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "class-share-%d", log));
        readConfiguration(context);
        log.info("Started; class counters of the switches this instance masters read every {} s",
                 counterPollSeconds);
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        synchronized (this) {
            executor.shutdownNow();
        }
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        readConfiguration(context);
    }

    private synchronized void readConfiguration(ComponentContext context) {
        Dictionary<?, ?> properties = context == null ? null : context.getProperties();
        int newPoll = Knobs.integer(properties, COUNTER_POLL_SECONDS, counterPollSeconds, 0, 3600);
        driftSamples = Knobs.integer(properties, DRIFT_SAMPLES, driftSamples, 1, 100_000);
        store.setCapacity(driftSamples);
        if (poll != null && newPoll == counterPollSeconds) {
            return;
        }
        if (poll != null) {
            poll.cancel(false);
            poll = null;
        }
        counterPollSeconds = newPoll;
        scheduleNext(++schedule);
    }

    /** Schedules the next poll in the middle of the next round (unless the schedule was replaced or polling is off). */
    private synchronized void scheduleNext(int which) {
        if (which != schedule || counterPollSeconds == 0 || executor.isShutdown()) {
            return;
        }
        long periodMillis = counterPollSeconds * 1000L;
        long delay = delayToNextPoll(System.currentTimeMillis(), periodMillis);
        poll = executor.schedule(() -> {
            pollQuietly(periodMillis);
            scheduleNext(which);
        }, delay, TimeUnit.MILLISECONDS);
    }

    /**
     * @param nowMillis    the time now
     * @param periodMillis the poll period
     * @return milliseconds to the middle of the next round (the instants every instance polls at)
     */
    static long delayToNextPoll(long nowMillis, long periodMillis) {
        long delay = Math.floorMod(periodMillis / 2 - nowMillis, periodMillis);
        return delay == 0 ? periodMillis : delay;
    }

    /**
     * @param nowMillis    a time
     * @param periodMillis the poll period
     * @return the start of the poll round the time falls in
     */
    static long roundOf(long nowMillis, long periodMillis) {
        return Math.floorDiv(nowMillis, periodMillis) * periodMillis;
    }

    private void pollQuietly(long periodMillis) {
        try {
            poll(System.currentTimeMillis(), periodMillis);
        } catch (RuntimeException e) {
            log.warn("Class counter poll failed: {}", e.getMessage(), e);
        }
    }

    /**
     * Reads the counters of every switch that runs a model and that this instance masters, and adds what they counted
     * to the round's sample (package-private for tests).
     *
     * @param nowMillis    the read time
     * @param periodMillis the poll period (the round's length)
     * @return what this instance counted in the round; empty if it read no switch
     */
    Optional<ClassShareSample> poll(long nowMillis, long periodMillis) {
        Set<DeviceId> running = new HashSet<>();
        SortedMap<Integer, Long> counted = new TreeMap<>();
        long interval = 0;
        boolean readAny = false;
        for (DeviceModelState state : modelService.deviceStates().values()) {
            DeviceId deviceId = state.deviceId();
            if (state.activeBank() == DeviceModelState.NO_BANK) {
                continue;
            }
            running.add(deviceId);
            if (!SwitchDirectory.mastersHere(mastershipService, deviceId)) {
                continue;
            }
            // The last read first: a read another instance stores after this point makes this one's write fail.
            Versioned<ClassCounterRead> previous = store.lastRead(deviceId);
            Map<Integer, Map<Integer, Long>> byBank = new HashMap<>();
            for (int bank : BANKS) {
                byBank.put(bank, deviceService.classCounters(deviceId, bank));
            }
            ClassCounterRead.Step step = ClassCounterRead.step(Versioned.valueOrNull(previous), nowMillis,
                                                               state.activeBank(), byBank);
            if (!store.replaceRead(deviceId, previous, step.read)) {
                readsSuperseded.incrementAndGet();
                log.debug("{} was read by another instance meanwhile; this read is not counted", deviceId);
                continue;
            }
            localReads.merge(deviceId, 1L, Long::sum);
            readAny = true;
            step.counted.forEach((classId, packets) -> counted.merge(classId, packets, Long::sum));
            interval = Math.max(interval, step.intervalMillis);
        }
        // A switch that left the fabric or runs no model starts over with a baseline if it comes back.
        store.readDevices().stream().filter(deviceId -> !running.contains(deviceId)).forEach(store::forgetRead);
        if (!readAny) {
            return Optional.empty();
        }
        String modelId = modelService.activeModelId().orElse(null);
        List<String> names = modelId == null ? List.of() : modelService.model(modelId)
                .map(ModelBundle::classNames).orElse(List.of());
        Map<String, Long> packets = new LinkedHashMap<>();
        counted.forEach((classId, count) -> packets.merge(
                classId < names.size() ? names.get(classId) : "class-" + classId, count, Long::sum));
        ClassShareSample sample = new ClassShareSample(roundOf(nowMillis, periodMillis), interval, modelId, packets);
        store.addToRound(sample);
        return Optional.of(sample);
    }

    @Override
    public List<ClassShareSample> classShares(int limit) {
        return store.recent(limit);
    }

    @Override
    public int pollSeconds() {
        return counterPollSeconds;
    }

    @Override
    public int maxSamples() {
        return driftSamples;
    }

    @Override
    public long samplesDropped() {
        return store.samplesDropped();
    }

    @Override
    public Map<DeviceId, Long> localReads() {
        return Map.copyOf(localReads);
    }

    @Override
    public long localReadsSuperseded() {
        return readsSuperseded.get();
    }
}
