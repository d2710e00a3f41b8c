/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ClassShareSample;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsClassShareService;
import org.onosproject.nids.api.NidsDeviceService;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.impl.DriftPropertyConstants.COUNTER_POLL_SECONDS;
import static org.onosproject.nids.impl.DriftPropertyConstants.COUNTER_POLL_SECONDS_DEFAULT;
import static org.onosproject.nids.impl.DriftPropertyConstants.DRIFT_SAMPLES;
import static org.onosproject.nids.impl.DriftPropertyConstants.DRIFT_SAMPLES_DEFAULT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Reads every NIDS switch's per-class counters (both banks) on a schedule and keeps the class-share series: packets
 * per class and interval across the fabric, under the active model.
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
    protected ComponentConfigService componentConfigService;

    /** Seconds between two reads of every switch's per-class counters for the class-share series (0: off). */
    private volatile int counterPollSeconds = COUNTER_POLL_SECONDS_DEFAULT;
    /** Class-share samples kept (GET /onos/nids/stats shows the newest). */
    private volatile int driftSamples = DRIFT_SAMPLES_DEFAULT;
    private final ClassShareSeries series = new ClassShareSeries(DRIFT_SAMPLES_DEFAULT);
    private ScheduledExecutorService executor;
    private ScheduledFuture<?> poll;

    @Activate
    protected void activate(ComponentContext context) {
        componentConfigService.registerProperties(getClass());
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "class-share-%d", log));
        readConfiguration(context);
        log.info("Started; class counters read every {} s", counterPollSeconds);
    }

    @Deactivate
    protected void deactivate() {
        componentConfigService.unregisterProperties(getClass(), false);
        executor.shutdownNow();
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
        series.resize(driftSamples);
        if (poll != null && newPoll == counterPollSeconds) {
            return;
        }
        if (poll != null) {
            poll.cancel(false);
            poll = null;
        }
        counterPollSeconds = newPoll;
        if (counterPollSeconds > 0) {
            poll = executor.scheduleWithFixedDelay(this::pollQuietly, counterPollSeconds, counterPollSeconds,
                                                   TimeUnit.SECONDS);
        }
    }

    private void pollQuietly() {
        try {
            poll(System.currentTimeMillis());
        } catch (RuntimeException e) {
            log.warn("Class counter poll failed: {}", e.getMessage(), e);
        }
    }

    /**
     * Reads the counters of every switch that runs a model and adds one sample (package-private for tests).
     *
     * @param nowMillis the read time
     * @return the sample
     */
    ClassShareSample poll(long nowMillis) {
        Map<DeviceId, ClassShareSeries.DeviceRead> reads = new HashMap<>();
        for (DeviceModelState state : modelService.deviceStates().values()) {
            if (state.activeBank() == DeviceModelState.NO_BANK) {
                continue;
            }
            Map<Integer, Map<Integer, Long>> byBank = new HashMap<>();
            for (int bank : BANKS) {
                byBank.put(bank, deviceService.classCounters(state.deviceId(), bank));
            }
            reads.put(state.deviceId(), new ClassShareSeries.DeviceRead(state.activeBank(), byBank));
        }
        String modelId = modelService.activeModelId().orElse(null);
        List<String> names = modelId == null ? List.of() : modelService.model(modelId)
                .map(ModelBundle::classNames).orElse(List.of());
        return series.add(nowMillis, modelId, reads,
                          classId -> classId < names.size() ? names.get(classId) : "class-" + classId);
    }

    @Override
    public List<ClassShareSample> classShares(int limit) {
        return series.recent(limit);
    }

    @Override
    public int pollSeconds() {
        return counterPollSeconds;
    }
}
