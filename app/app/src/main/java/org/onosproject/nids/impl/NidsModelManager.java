/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.base.Throwables;
import com.google.common.collect.ImmutableList;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.CoreService;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.nids.api.NidsModelListener;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.ReportReason;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.api.NidsException.Kind.CONFLICT;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;
import static org.onosproject.nids.impl.OsgiPropertyConstants.*;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * The model service: stores validated models ({@link ModelValidator}, {@link NidsModelStore}), rolls the active one
 * out to every switch running the NIDS pipeline ({@link FabricRollout} over the {@link SwitchDirectory}), keeps
 * switches that appear, reconnect or restart programmed ({@link SwitchReconciler}), and posts the store's changes as
 * {@link NidsModelEvent}s. Its properties are the pipeline settings every switch gets.
 */
@Component(immediate = true, service = NidsModelService.class,
        property = {
                TRACK_MODE + "=" + TRACK_MODE_DEFAULT,
                ACTIVE_TIMEOUT_PACKETS + ":Integer=" + ACTIVE_TIMEOUT_PACKETS_DEFAULT,
                ACTIVE_TIMEOUT_SECONDS + ":Integer=" + ACTIVE_TIMEOUT_SECONDS_DEFAULT,
                REPORT_RATE_PPS + ":Integer=" + REPORT_RATE_PPS_DEFAULT,
                REPORT_BURST + ":Integer=" + REPORT_BURST_DEFAULT,
                RECONCILE_SECONDS + ":Integer=" + RECONCILE_SECONDS_DEFAULT,
                ROLLOUT_TIMEOUT_MILLIS + ":Integer=" + ROLLOUT_TIMEOUT_MILLIS_DEFAULT,
                FLOW_HASH_SEED + ":Integer=" + FLOW_HASH_SEED_DEFAULT,
                FLOW_IDLE_TIMEOUT_SECONDS + ":Integer=" + FLOW_IDLE_TIMEOUT_SECONDS_DEFAULT,
                SOURCE_ALERT_CAP + ":Integer=" + SOURCE_ALERT_CAP_DEFAULT,
                ALERT_THRESHOLD_PERMILLE + ":Integer=" + ALERT_THRESHOLD_PERMILLE_DEFAULT,
        })
public class NidsModelManager extends AbstractListenerManager<NidsModelEvent, NidsModelListener>
        implements NidsModelService {

    /** Switches read back at once before a rollout. */
    static final int READ_BACK_THREADS = 16;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected MastershipService mastershipService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected EdgePortService edgePortService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NetworkConfigRegistry networkConfigRegistry;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected ComponentConfigService componentConfigService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected NidsModelStore store;

    /** The longest active timeout the pipeline's 32-bit microsecond timestamps hold. */
    static final int MAX_ACTIVE_TIMEOUT_SECONDS = PipelineConfig.MAX_SWITCH_INTERVAL_SECONDS;
    static final int MAX_FLOW_IDLE_TIMEOUT_SECONDS = MAX_ACTIVE_TIMEOUT_SECONDS;
    /** The highest report rate and burst accepted (a switch's packet-in path carries far less). */
    static final int MAX_REPORT_RATE = 1_000_000;

    /** Where flows are tracked: edge (entering or leaving on an edge port), ingress-edge, all, off. */
    private String trackMode = TRACK_MODE_DEFAULT;
    /** A long flow is reported every this many packets (0: never). */
    private int activeTimeoutPackets = ACTIVE_TIMEOUT_PACKETS_DEFAULT;
    /** A long flow is reported when a packet arrives this long after its last report (0: never). */
    private int activeTimeoutSeconds = ACTIVE_TIMEOUT_SECONDS_DEFAULT;
    /** Reports a switch may send per second (token bucket rate, 1..1000000); the rest are counted as dropped. */
    private int reportRatePps = REPORT_RATE_PPS_DEFAULT;
    /** Reports a switch may send in a burst (token bucket depth, 1..1000000). */
    private int reportBurst = REPORT_BURST_DEFAULT;
    /** Seconds between two checks that every switch runs the active model. */
    private int reconcileSeconds = RECONCILE_SECONDS_DEFAULT;
    /** How long a switch may take to confirm one rollout step before the rollout is undone. */
    private int rolloutTimeoutMillis = ROLLOUT_TIMEOUT_MILLIS_DEFAULT;
    /** Seed of the switches' flow-table hash (which flows collide); 0: a random seed drawn when the app starts. */
    private int flowHashSeed = FLOW_HASH_SEED_DEFAULT;
    /** A new flow may take the flow-table cell of a flow idle this long (0: only free cells or eviction). */
    private int flowIdleTimeoutSeconds = FLOW_IDLE_TIMEOUT_SECONDS_DEFAULT;
    /** Alerts a switch reports about one source's flows per source epoch; the rest are counted (0: no cap). */
    private int sourceAlertCap = SOURCE_ALERT_CAP_DEFAULT;
    /** Leaf confidence (per mille, 0..1000) an attack verdict needs for an alert; -1: each model's own threshold. */
    private int alertThresholdPermille = ALERT_THRESHOLD_PERMILLE_DEFAULT;
    /** The seed in use: the property's, or drawn once per start so an attacker cannot compute collisions. */
    private long effectiveHashSeed = new SecureRandom().nextInt() & 0xffffffffL;

    private final ConfigFactory<DeviceId, NidsDeviceConfig> configFactory =
            new ConfigFactory<>(SubjectFactories.DEVICE_SUBJECT_FACTORY, NidsDeviceConfig.class,
                                NidsDeviceConfig.KEY) {
                @Override
                public NidsDeviceConfig createConfig() {
                    return new NidsDeviceConfig();
                }
            };

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final NidsModelStoreDelegate delegate = this::post;
    /**
     * Held while switches are programmed: one rollout or reconciliation at a time. Only those take it: removing a
     * model or reading state never waits for a switch. Taken once the last rollout's old banks are removed (bounded
     * by twice the step timeout: the removal gives up after one).
     */
    private final ProgrammingLock programming = new ProgrammingLock(() -> 2L * rolloutTimeoutMillis);
    /** Guards the models in use (active, or being rolled out) against removal; never held across switch I/O. */
    private final Object modelUse = new Object();
    /** Models a rollout in progress is switching to (guarded by {@link #modelUse}). */
    private final Set<String> rollingOut = new HashSet<>();
    /** Parsed bundles by id (models are immutable: an id names one content). */
    private final Map<String, ModelBundle> parsed = new ConcurrentHashMap<>();
    private final ModelValidator validator = new ModelValidator(catalog, PipelineCapacity.packaged());
    private SwitchDirectory switches;
    private SwitchReconciler reconciler;
    private ScheduledExecutorService executor;
    /**
     * Reads the switches back before a rollout, all at once: each read is a P4Runtime round trip of a switch's whole
     * classifier tables (about 4,000 entries with a full model in one bank and the last one in the other), which one
     * after the other took longer than the rollout itself on 4 switches.
     */
    private ExecutorService readers;

    @Activate
    protected void activate(ComponentContext context) {
        coreService.registerApplication(NidsApp.APP_NAME);
        switches = new SwitchDirectory(deviceService, mastershipService, edgePortService, networkConfigRegistry);
        reconciler = new SwitchReconciler(store, switches, this::model, this::baseConfig, this::rollout,
                                          programming);
        componentConfigService.registerProperties(getClass());
        readComponentConfiguration(context);
        networkConfigRegistry.registerConfigFactory(configFactory);
        store.setDelegate(delegate);
        eventDispatcher.addSink(NidsModelEvent.class, listenerRegistry);
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "models-%d", log));
        readers = Executors.newFixedThreadPool(READ_BACK_THREADS, groupedThreads("onos/nids", "model-read-%d", log));
        deviceService.addListener(deviceListener);
        // Switches already connected are brought in line at once (an app reload may have removed our rules).
        executor.execute(() -> reconciler.reconcileAll(true));
        executor.scheduleWithFixedDelay(() -> reconciler.reconcileAll(false), reconcileSeconds, reconcileSeconds,
                                        TimeUnit.SECONDS);
        log.info("Started; pipeline capacity {}", validator.capacity());
    }

    @Deactivate
    protected void deactivate() {
        deviceService.removeListener(deviceListener);
        executor.shutdownNow();
        readers.shutdownNow();
        eventDispatcher.removeSink(NidsModelEvent.class);
        store.unsetDelegate(delegate);
        networkConfigRegistry.unregisterConfigFactory(configFactory);
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        PipelineConfig before = baseConfig();
        readComponentConfiguration(context);
        if (!baseConfig().equals(before) && executor != null) {
            executor.execute(() -> reconciler.reconcileAll(true));
        }
    }

    private void readComponentConfiguration(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        String mode = Tools.get(properties, TRACK_MODE);
        if (mode != null && TrackMode.ofPropertyValue(mode).isPresent()) {
            trackMode = mode;
        } else if (mode != null) {
            log.warn("Ignoring {}={}: expected edge, ingress-edge, all or off", TRACK_MODE, mode);
        }
        activeTimeoutPackets = Knobs.integer(properties, ACTIVE_TIMEOUT_PACKETS, activeTimeoutPackets, 0,
                                             Integer.MAX_VALUE);
        activeTimeoutSeconds = Knobs.integer(properties, ACTIVE_TIMEOUT_SECONDS, activeTimeoutSeconds, 0,
                                             MAX_ACTIVE_TIMEOUT_SECONDS);
        reportRatePps = Knobs.integer(properties, REPORT_RATE_PPS, reportRatePps, 1, MAX_REPORT_RATE);
        reportBurst = Knobs.integer(properties, REPORT_BURST, reportBurst, 1, MAX_REPORT_RATE);
        reconcileSeconds = Knobs.integer(properties, RECONCILE_SECONDS, reconcileSeconds, 5, 24 * 3600);
        rolloutTimeoutMillis = Knobs.integer(properties, ROLLOUT_TIMEOUT_MILLIS, rolloutTimeoutMillis, 100,
                                             600_000);
        flowHashSeed = Knobs.integer(properties, FLOW_HASH_SEED, flowHashSeed, Integer.MIN_VALUE, Integer.MAX_VALUE);
        if (flowHashSeed != 0) {
            effectiveHashSeed = flowHashSeed & 0xffffffffL;
        }
        flowIdleTimeoutSeconds = Knobs.integer(properties, FLOW_IDLE_TIMEOUT_SECONDS, flowIdleTimeoutSeconds, 0,
                                               MAX_FLOW_IDLE_TIMEOUT_SECONDS);
        sourceAlertCap = Knobs.integer(properties, SOURCE_ALERT_CAP, sourceAlertCap, 0, 255);
        alertThresholdPermille = Knobs.integer(properties, ALERT_THRESHOLD_PERMILLE, alertThresholdPermille,
                                               PipelineConfig.MODEL_THRESHOLD, 1000);
    }

    /**
     * The settings of every switch; bank, epoch and the model's alert threshold and source window are set per
     * rollout. Every report reason is enabled.
     */
    PipelineConfig baseConfig() {
        long timeoutMicros = Math.min(0xffffffffL, activeTimeoutSeconds * 1_000_000L);
        return new PipelineConfig(0, 0, TrackMode.ofPropertyValue(trackMode).orElse(TrackMode.EDGE),
                                  activeTimeoutPackets, timeoutMicros, reportRatePps, reportBurst,
                                  EnumSet.allOf(ReportReason.class))
                .withDetection(effectiveHashSeed, flowIdleTimeoutSeconds * 1_000_000L, sourceAlertCap,
                               alertThresholdPermille);
    }

    private FabricRollout rollout() {
        return new FabricRollout(rolloutTimeoutMillis, System::currentTimeMillis, this::model);
    }

    // ---------------------------------------------------------------------------------------------- models

    @Override
    public ModelBundle upload(String json) {
        ModelBundle bundle = validator.validate(json);
        if (!store.putModelIfAbsent(bundle.modelId(), json)) {
            throw new NidsException(CONFLICT, "model " + UserInput.brief(bundle.modelId()) + " is already stored");
        }
        parsed.put(bundle.modelId(), bundle);
        log.info("Stored model {} ({})", bundle.modelId(), bundle.name());
        return bundle;
    }

    @Override
    public Collection<ModelBundle> models() {
        return store.models().keySet().stream()
                .map(this::model).flatMap(Optional::stream)
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Optional<ModelBundle> model(String modelId) {
        ModelBundle cached = parsed.get(modelId);
        if (cached != null) {
            return Optional.of(cached);
        }
        return store.modelJson(modelId).map(json -> {
            ModelBundle bundle = validator.read(json);
            parsed.put(modelId, bundle);
            return bundle;
        });
    }

    @Override
    public List<ModelSummary> summaries() {
        Optional<String> active = activeModelId();
        return models().stream()
                .sorted(Comparator.comparing(ModelBundle::createdAt).thenComparing(ModelBundle::modelId))
                .map(bundle -> ModelSummary.of(bundle, active.map(bundle.modelId()::equals).orElse(false),
                                               catalog))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public boolean remove(String modelId) {
        synchronized (modelUse) {
            if (store.activeModel().modelId().filter(modelId::equals).isPresent()) {
                throw new NidsException(CONFLICT,
                                        "model " + UserInput.brief(modelId) + " is active: activate another first");
            }
            if (rollingOut.contains(modelId)) {
                throw new NidsException(CONFLICT, "model " + UserInput.brief(modelId)
                        + " is being rolled out: remove it afterwards");
            }
            boolean removed = store.removeModel(modelId);
            parsed.remove(modelId);
            if (removed) {
                store.updateActiveModel(a -> a.forget(modelId));
            }
            return removed;
        }
    }

    /**
     * Marks a stored model as being rolled out, so that it cannot be removed until {@link #release}: an active model
     * that is not stored would leave reconciliation nothing to write.
     */
    private ModelBundle claim(String modelId, String missing) {
        synchronized (modelUse) {
            ModelBundle bundle = model(modelId).orElseThrow(() -> new NidsException(NOT_FOUND, missing));
            rollingOut.add(modelId);
            return bundle;
        }
    }

    private void release(String modelId) {
        synchronized (modelUse) {
            rollingOut.remove(modelId);
        }
    }

    @Override
    public Optional<String> activeModelId() {
        return store.activeModel().modelId();
    }

    @Override
    public Optional<String> modelOfEpoch(long epoch) {
        return store.activeModel().modelOfEpoch(epoch);
    }

    @Override
    public Map<DeviceId, DeviceModelState> deviceStates() {
        return store.deviceStates();
    }

    // ---------------------------------------------------------------------------------------------- rollout

    @Override
    public RolloutResult activate(String modelId) {
        programming.lock();
        try {
            // Claimed before the first write: a model removed meanwhile is not activated, and a model being
            // activated cannot be removed.
            ModelBundle bundle = claim(modelId, "no model " + UserInput.brief(modelId));
            try {
                ActiveModel before = store.activeModel();
                return rollOut(bundle, before, before.activate(modelId));
            } finally {
                release(modelId);
            }
        } finally {
            programming.unlock();
        }
    }

    @Override
    public RolloutResult rollback() {
        programming.lock();
        try {
            ActiveModel before = store.activeModel();
            ActiveModel after = before.rollback()
                    .orElseThrow(() -> new NidsException(CONFLICT, "no earlier model to roll back to"));
            String previous = after.modelId().orElseThrow();
            ModelBundle bundle = claim(previous, "earlier model " + previous + " is gone");
            try {
                return rollOut(bundle, before, after);
            } finally {
                release(previous);
            }
        } finally {
            programming.unlock();
        }
    }

    private RolloutResult rollOut(ModelBundle bundle, ActiveModel before, ActiveModel after) {
        Map<DeviceId, CompletableFuture<Optional<FabricRollout.Target>>> reads = new LinkedHashMap<>();
        for (DeviceId deviceId : switches.targets()) {
            reads.put(deviceId, CompletableFuture.supplyAsync(() -> switches.pipeline(deviceId).map(pipeline -> {
                pipeline.prepare(switches.edgePorts(deviceId));
                // From the bank the switch really classifies with (read back): after a refused flip-back it is
                // not the recorded one, and writing into it would empty the bank that classifies.
                return SwitchReconciler.target(deviceId, pipeline, pipeline.readBack(), store.deviceState(deviceId),
                                               before);
            }), readers));
        }
        List<FabricRollout.Target> targets = readBacks(reads, rolloutTimeoutMillis, deviceId -> switches.pipeline(
                deviceId).map(pipeline -> SwitchReconciler.target(deviceId, pipeline, Optional.empty(),
                                                                 store.deviceState(deviceId), before)));
        FabricRollout.Report report = rollout().runUntilFlipped(bundle.modelId(), before.modelId().orElse(null),
                                                                bundle, targets, baseConfig(), after.epoch(),
                                                                readers);
        report.states.values().forEach(store::putDeviceState);
        programming.removingOldBanks(report.cleanedUp.thenAccept(
                warned -> warned.values().forEach(store::putDeviceState)));
        if (report.result.succeeded()) {
            store.updateActiveModel(current -> after);
            log.info("Model {} active on {} switch(es) in {} ms (epoch {})", bundle.modelId(),
                     targets.size(), report.result.elapsedMillis(), after.epoch());
        } else {
            // The attempt's epoch is never handed out again: a report stamped with it names the attempted model.
            store.updateActiveModel(current -> current.failedAttempt(after));
            log.warn("Model {} not activated: {}", bundle.modelId(), report.result.failure().orElse(null));
        }
        return report.result;
    }

    /**
     * The rollout targets from the switches' read-backs. A stalled switch's read is given up once the step timeout
     * has passed (not ONOS's P4Runtime deadline): that switch is taken as recorded, like one whose read failed, and
     * the write step finds out whether it answers.
     *
     * @param reads         per switch, its read-back (empty: not a NIDS switch any more)
     * @param timeoutMillis how long all the reads may take
     * @param asRecorded    a switch's target from what the app recorded
     * @return the targets, in the order of the reads
     */
    static List<FabricRollout.Target> readBacks(Map<DeviceId, CompletableFuture<Optional<FabricRollout.Target>>> reads,
                                                long timeoutMillis,
                                                Function<DeviceId, Optional<FabricRollout.Target>> asRecorded) {
        List<FabricRollout.Target> targets = new ArrayList<>();
        long deadline = System.currentTimeMillis() + timeoutMillis;
        List<DeviceId> unread = new ArrayList<>();
        for (Map.Entry<DeviceId, CompletableFuture<Optional<FabricRollout.Target>>> read : reads.entrySet()) {
            try {
                read.getValue().get(Math.max(1, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS)
                        .ifPresent(targets::add);
            } catch (TimeoutException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();   // the steps that follow then fail and undo what they did
                }
                unread.add(read.getKey());
                asRecorded.apply(read.getKey()).ifPresent(targets::add);
            } catch (ExecutionException e) {
                Throwables.throwIfUnchecked(e.getCause());
                throw new CompletionException(e.getCause());
            }
        }
        if (!unread.isEmpty()) {
            getLogger(NidsModelManager.class).warn("No read-back from {} within {} ms: taken as recorded", unread, timeoutMillis);
        }
        return targets;
    }

    @Override
    public int alertThresholdPermille(ModelBundle model) {
        int override = alertThresholdPermille;
        return override >= 0 ? override : model.alertThresholdPermille();
    }

    /** @return the capacities uploads are checked against */
    PipelineCapacity capacity() {
        return validator.capacity();
    }

    /** @return the switches this instance programs */
    SwitchDirectory switches() {
        return switches;
    }

    /** Reconciles one switch now (what the device listener schedules). */
    void reconcile(DeviceId deviceId, boolean force) {
        reconciler.reconcile(deviceId, force);
    }

    /** Reconciles every switch now (what the timer runs). */
    void reconcileAll(boolean force) {
        reconciler.reconcileAll(force);
    }

    /** Switches that appear, or come back, are reprogrammed shortly after (their pipeline is pushed first). */
    private class InternalDeviceListener implements DeviceListener {
        @Override
        public boolean isRelevant(DeviceEvent event) {
            return (event.type() == DeviceEvent.Type.DEVICE_ADDED
                    || event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED)
                    && deviceService.isAvailable(event.subject().id());
        }

        @Override
        public void event(DeviceEvent event) {
            DeviceId deviceId = event.subject().id();
            executor.schedule(() -> reconciler.reconcile(deviceId, true), 2, TimeUnit.SECONDS);
        }
    }
}
