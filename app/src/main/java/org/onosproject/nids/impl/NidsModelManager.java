/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.google.common.collect.ImmutableList;
import org.onlab.util.Tools;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.mastership.MastershipService;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.config.basics.SubjectFactories;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.DeviceListener;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortService;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.BundleVerifier;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.pipeconf.ClassifierTables;
import org.onosproject.nids.pipeconf.NidsInterpreter;
import org.onosproject.nids.pipeconf.NidsPipeconfLoader;
import org.onosproject.nids.pipeconf.NidsPipelineCapacity;
import org.osgi.service.component.ComponentContext;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.onosproject.nids.api.NidsException.Kind.CONFLICT;
import static org.onosproject.nids.api.NidsException.Kind.INVALID;
import static org.onosproject.nids.api.NidsException.Kind.NOT_FOUND;
import static org.onosproject.nids.impl.OsgiPropertyConstants.*;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.REPORT_CLONE_SESSION;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_ALL;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_EDGE;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_INGRESS_EDGE;
import static org.onosproject.nids.pipeconf.NidsConstants.TRACK_OFF;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Stores models, rolls the active one out to every switch running the NIDS pipeconf, and keeps switches that appear,
 * reconnect or restart programmed (clone session for reports, port roles, config, active model).
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
        })
public class NidsModelManager implements NidsModelService {

    public static final String APP_NAME = "org.onosproject.nids";
    static final GroupKey REPORT_CLONE_KEY = new DefaultGroupKey(
            "nids-report-clone".getBytes(StandardCharsets.UTF_8));
    /** Reports: every reason enabled. */
    static final int REPORT_MASK_ALL = 0xff;

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CoreService coreService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected FlowRuleService flowRuleService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected GroupService groupService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected DeviceService deviceService;
    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;
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

    /** Track mode: "edge" (default), "ingress-edge", "all" or "off". */
    private String trackMode = TRACK_MODE_DEFAULT;
    /** A long flow reports every this many packets (0: never). */
    private int activeTimeoutPackets = ACTIVE_TIMEOUT_PACKETS_DEFAULT;
    /** A long flow reports when a packet arrives this long after its last report (0: never). */
    private int activeTimeoutSeconds = ACTIVE_TIMEOUT_SECONDS_DEFAULT;
    /** Reports a switch may send per second (token bucket rate). */
    private int reportRatePps = REPORT_RATE_PPS_DEFAULT;
    /** Reports a switch may send in a burst (token bucket depth). */
    private int reportBurst = REPORT_BURST_DEFAULT;
    /** Seconds between two reconciliations of every switch. */
    private int reconcileSeconds = RECONCILE_SECONDS_DEFAULT;
    /** How long a switch may take to confirm a rollout step. */
    private int rolloutTimeoutMillis = ROLLOUT_TIMEOUT_MILLIS_DEFAULT;

    private final ConfigFactory<DeviceId, NidsDeviceConfig> configFactory =
            new ConfigFactory<>(SubjectFactories.DEVICE_SUBJECT_FACTORY, NidsDeviceConfig.class,
                                NidsDeviceConfig.KEY) {
                @Override
                public NidsDeviceConfig createConfig() {
                    return new NidsDeviceConfig();
                }
            };

    private final DeviceListener deviceListener = new InternalDeviceListener();
    private final ReentrantLock rolloutLock = new ReentrantLock();
    private final Map<String, ModelBundle> parsed = new ConcurrentHashMap<>();
    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final ModelBundleCodec codec = new ModelBundleCodec(catalog);
    private PipelineCapacity capacity;
    private ApplicationId appId;
    private ModelRulePlanner planner;
    private FlowRuleWriter writer;
    private ScheduledExecutorService executor;

    @Activate
    protected void activate(ComponentContext context) {
        appId = coreService.registerApplication(APP_NAME);
        capacity = NidsPipelineCapacity.fromP4Info();
        planner = new ModelRulePlanner(appId);
        writer = new FlowRuleWriter(flowRuleService);
        componentConfigService.registerProperties(getClass());
        readComponentConfiguration(context);
        networkConfigRegistry.registerConfigFactory(configFactory);
        executor = Executors.newSingleThreadScheduledExecutor(groupedThreads("onos/nids", "models-%d", log));
        deviceService.addListener(deviceListener);
        // Switches already connected are brought in line at once (an app reload may have removed our rules).
        executor.execute(() -> reconcileAll(true));
        executor.scheduleWithFixedDelay(() -> reconcileAll(false), reconcileSeconds, reconcileSeconds,
                                        TimeUnit.SECONDS);
        log.info("Started; pipeline capacity {}", capacity);
    }

    @Deactivate
    protected void deactivate() {
        deviceService.removeListener(deviceListener);
        executor.shutdownNow();
        networkConfigRegistry.unregisterConfigFactory(configFactory);
        componentConfigService.unregisterProperties(getClass(), false);
        log.info("Stopped");
    }

    @Modified
    protected void modified(ComponentContext context) {
        PipelineConfig before = baseConfig();
        readComponentConfiguration(context);
        if (!baseConfig().equals(before) && executor != null) {
            executor.execute(() -> reconcileAll(true));
        }
    }

    private void readComponentConfiguration(ComponentContext context) {
        if (context == null) {
            return;
        }
        Dictionary<?, ?> properties = context.getProperties();
        String mode = Tools.get(properties, TRACK_MODE);
        if (mode != null && trackModeValue(mode).isPresent()) {
            trackMode = mode;
        } else if (mode != null) {
            log.warn("Ignoring {}={}: expected edge, ingress-edge, all or off", TRACK_MODE, mode);
        }
        activeTimeoutPackets = Tools.getIntegerProperty(properties, ACTIVE_TIMEOUT_PACKETS,
                                                        ACTIVE_TIMEOUT_PACKETS_DEFAULT);
        activeTimeoutSeconds = Tools.getIntegerProperty(properties, ACTIVE_TIMEOUT_SECONDS,
                                                        ACTIVE_TIMEOUT_SECONDS_DEFAULT);
        reportRatePps = Tools.getIntegerProperty(properties, REPORT_RATE_PPS, REPORT_RATE_PPS_DEFAULT);
        reportBurst = Tools.getIntegerProperty(properties, REPORT_BURST, REPORT_BURST_DEFAULT);
        reconcileSeconds = Math.max(5, Tools.getIntegerProperty(properties, RECONCILE_SECONDS,
                                                                RECONCILE_SECONDS_DEFAULT));
        rolloutTimeoutMillis = Tools.getIntegerProperty(properties, ROLLOUT_TIMEOUT_MILLIS,
                                                        ROLLOUT_TIMEOUT_MILLIS_DEFAULT);
    }

    static Optional<Integer> trackModeValue(String mode) {
        switch (mode) {
            case "edge":
                return Optional.of(TRACK_EDGE);
            case "ingress-edge":
                return Optional.of(TRACK_INGRESS_EDGE);
            case "all":
                return Optional.of(TRACK_ALL);
            case "off":
                return Optional.of(TRACK_OFF);
            default:
                return Optional.empty();
        }
    }

    /** The knobs of every switch; bank and epoch are set per rollout. */
    PipelineConfig baseConfig() {
        long timeoutMicros = Math.min(0xffffffffL, activeTimeoutSeconds * 1_000_000L);
        return new PipelineConfig(0, 0, trackModeValue(trackMode).orElse(TRACK_EDGE), activeTimeoutPackets,
                                  timeoutMicros, reportRatePps, reportBurst, REPORT_MASK_ALL);
    }

    // ---------------------------------------------------------------------------------------------- models

    @Override
    public ModelBundle upload(String json) {
        ModelBundle bundle = validate(json);
        if (!store.putModelIfAbsent(bundle.modelId(), json)) {
            throw new NidsException(CONFLICT, "model " + bundle.modelId() + " is already stored");
        }
        parsed.put(bundle.modelId(), bundle);
        log.info("Stored model {} ({})", bundle.modelId(), bundle.name());
        return bundle;
    }

    /**
     * Everything a bundle must pass before it is stored: the schema, the catalog, and the pipeline's capacities
     * (its entries recompiled from its tree for this pipeline must be exactly its entries).
     */
    ModelBundle validate(String json) {
        ModelBundle bundle;
        try {
            bundle = codec.read(json);
        } catch (ModelException e) {
            throw new NidsException(INVALID, e.getMessage());
        } catch (RuntimeException e) {
            // The codec's cross-checks trust numbers the schema does not bound (a slot of 3000000000): still a
            // malformed bundle, not a server error.
            throw new NidsException(INVALID, "malformed model bundle: " + e);
        }
        int classes = bundle.compiled().classNames().size();
        if (classes > capacity.maxClasses()) {
            throw new NidsException(INVALID, "the model has " + classes + " classes; the pipeline holds at most "
                    + capacity.maxClasses());
        }
        try {
            BundleVerifier.requireEntriesMatchTree(bundle, catalog, capacity);
        } catch (ModelException e) {
            throw new NidsException(INVALID, e.getMessage());
        }
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
            ModelBundle bundle = codec.read(json);
            parsed.put(modelId, bundle);
            return bundle;
        });
    }

    @Override
    public boolean remove(String modelId) {
        rolloutLock.lock();
        try {
            if (store.activeModel().modelId().filter(modelId::equals).isPresent()) {
                throw new NidsException(CONFLICT, "model " + modelId + " is active: activate another first");
            }
            boolean removed = store.removeModel(modelId);
            parsed.remove(modelId);
            if (removed) {
                store.updateActiveModel(a -> a.forget(modelId));
            }
            return removed;
        } finally {
            rolloutLock.unlock();
        }
    }

    @Override
    public Optional<String> activeModelId() {
        return store.activeModel().modelId();
    }

    /**
     * @param epoch epoch a switch stamped on a report
     * @return the model of that epoch, if remembered
     */
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
        ModelBundle bundle = model(modelId)
                .orElseThrow(() -> new NidsException(NOT_FOUND, "no model " + modelId));
        rolloutLock.lock();
        try {
            ActiveModel before = store.activeModel();
            return rollOut(bundle, before, before.activate(modelId));
        } finally {
            rolloutLock.unlock();
        }
    }

    @Override
    public RolloutResult rollback() {
        rolloutLock.lock();
        try {
            ActiveModel before = store.activeModel();
            ActiveModel after = before.rollback()
                    .orElseThrow(() -> new NidsException(CONFLICT, "no earlier model to roll back to"));
            String previous = after.modelId().orElseThrow();
            ModelBundle bundle = model(previous)
                    .orElseThrow(() -> new NidsException(NOT_FOUND, "earlier model " + previous + " is gone"));
            return rollOut(bundle, before, after);
        } finally {
            rolloutLock.unlock();
        }
    }

    private RolloutResult rollOut(ModelBundle bundle, ActiveModel before, ActiveModel after) {
        List<FabricRollout.Target> targets = new ArrayList<>();
        for (DeviceId deviceId : targetDevices()) {
            prepareDevice(deviceId);
            DeviceModelState state = store.deviceState(deviceId).orElse(null);
            targets.add(state == null || state.activeBank() == DeviceModelState.NO_BANK
                                ? new FabricRollout.Target(deviceId, DeviceModelState.NO_BANK, 0)
                                : new FabricRollout.Target(deviceId, state.activeBank(), before.epoch(),
                                                           state.modelId().orElse(null), state.entries()));
        }
        FabricRollout.Report report = rollout().run(bundle.modelId(), before.modelId().orElse(null),
                                                    bundle.compiled(), targets, baseConfig(), after.epoch());
        report.states.values().forEach(store::putDeviceState);
        if (report.result.succeeded()) {
            store.updateActiveModel(current -> after);
            log.info("Model {} active on {} switch(es) in {} ms (epoch {})", bundle.modelId(),
                     targets.size(), report.result.elapsedMillis(), after.epoch());
        } else {
            log.warn("Model {} not activated: {}", bundle.modelId(), report.result.failure().orElse(null));
        }
        return report.result;
    }

    private FabricRollout rollout() {
        return new FabricRollout(planner, writer, this::ourRulesInBank, rolloutTimeoutMillis,
                                 System::currentTimeMillis);
    }

    /** Available switches running the NIDS pipeconf that this ONOS instance masters. */
    List<DeviceId> targetDevices() {
        List<DeviceId> devices = new ArrayList<>();
        for (Device device : deviceService.getAvailableDevices()) {
            // While ONOS re-asserts mastership (it does so periodically over P4Runtime) a device briefly has no
            // master; skipping it then would silently leave it out of a rollout.
            if (runsNidsPipeconf(device.id()) && (mastershipService.isLocalMaster(device.id())
                    || mastershipService.getMasterFor(device.id()) == null)) {
                devices.add(device.id());
            }
        }
        return devices;
    }

    private boolean runsNidsPipeconf(DeviceId deviceId) {
        return pipeconfService.ofDevice(deviceId).filter(NidsPipeconfLoader.PIPECONF_ID::equals).isPresent();
    }

    /** The classifier rules this app holds for a switch in one bank. */
    List<FlowRule> ourRulesInBank(DeviceId deviceId, int bank) {
        List<FlowRule> rules = new ArrayList<>();
        for (FlowEntry entry : flowRuleService.getFlowEntries(deviceId)) {
            if (entry.appId() == appId.id() && ClassifierTables.BANKED.contains(entry.table())
                    && bankOf(entry) == bank) {
                rules.add(entry);
            }
        }
        return rules;
    }

    static int bankOf(FlowRule rule) {
        Criterion criterion = rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        if (!(criterion instanceof PiCriterion)) {
            return -1;
        }
        return ((PiCriterion) criterion).fieldMatch(HDR_BANK)
                .filter(m -> m instanceof PiExactFieldMatch)
                .map(m -> (int) NidsInterpreter.unsigned(((PiExactFieldMatch) m).value()))
                .orElse(-1);
    }

    // ---------------------------------------------------------------------------------------------- switches

    /**
     * What a switch needs besides the model: the clone session that carries reports to the CPU port, and the
     * roles of its ports. Both are idempotent.
     */
    void prepareDevice(DeviceId deviceId) {
        if (groupService.getGroup(deviceId, REPORT_CLONE_KEY) == null) {
            GroupBuckets buckets = new GroupBuckets(List.of(DefaultGroupBucket.createCloneGroupBucket(
                    DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build())));
            groupService.addGroup(new DefaultGroupDescription(deviceId, GroupDescription.Type.CLONE, buckets,
                                                              REPORT_CLONE_KEY, REPORT_CLONE_SESSION, appId));
        }
        List<FlowRule> roles = planner.portRoleRules(deviceId, edgePorts(deviceId));
        flowRuleService.applyFlowRules(roles.toArray(new FlowRule[0]));
    }

    /** Edge ports from the netcfg ("nids.edgePorts"), otherwise the ports ONOS sees no link on. */
    Set<PortNumber> edgePorts(DeviceId deviceId) {
        NidsDeviceConfig config = networkConfigRegistry.getConfig(deviceId, NidsDeviceConfig.class);
        if (config != null && config.edgePorts().isPresent()) {
            return config.edgePorts().get();
        }
        return Tools.stream(edgePortService.getEdgePoints(deviceId)).map(ConnectPoint::port)
                .collect(Collectors.toSet());
    }

    /**
     * Brings switches in line with the active model. Forced: every switch is reprogrammed (it may have restarted
     * and lost its state); otherwise only switches whose recorded state differs from the active model.
     */
    void reconcileAll(boolean force) {
        try {
            for (DeviceId deviceId : targetDevices()) {
                reconcile(deviceId, force);
            }
        } catch (RuntimeException e) {
            log.warn("Reconciliation failed: {}", e.getMessage(), e);
        }
    }

    void reconcile(DeviceId deviceId, boolean force) {
        rolloutLock.lock();
        try {
            if (!targetDevices().contains(deviceId)) {
                return;
            }
            ActiveModel active = store.activeModel();
            Optional<DeviceModelState> state = store.deviceState(deviceId);
            boolean inLine = state.isPresent()
                    && state.get().modelId().equals(active.modelId())
                    && state.get().lastError().isEmpty();
            if (inLine && !force) {
                return;
            }
            prepareDevice(deviceId);
            Optional<ModelBundle> bundle = active.modelId().flatMap(this::model);
            if (bundle.isEmpty()) {
                // No model: the switch still tracks flows and reports them, classifying everything as class 0.
                writer.apply(List.of(planner.configRule(deviceId, baseConfig())), FlowRuleWriter.Mode.MODIFY);
                store.putDeviceState(new DeviceModelState(deviceId, DeviceModelState.NO_BANK, null, 0, null,
                                                          System.currentTimeMillis()));
                return;
            }
            FabricRollout.Target target = state.filter(s -> s.activeBank() != DeviceModelState.NO_BANK)
                    .map(s -> new FabricRollout.Target(deviceId, s.activeBank(), active.epoch(),
                                                       s.modelId().orElse(null), s.entries()))
                    .orElse(new FabricRollout.Target(deviceId, DeviceModelState.NO_BANK, 0));
            FabricRollout.Report report = rollout().run(bundle.get().modelId(), null, bundle.get().compiled(),
                                                        List.of(target), baseConfig(), active.epoch());
            report.states.values().forEach(store::putDeviceState);
            log.info("Reconciled {} with model {}: {}", deviceId, bundle.get().modelId(),
                     report.result.devices().get(0).outcome());
        } finally {
            rolloutLock.unlock();
        }
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
            executor.schedule(() -> reconcile(deviceId, true), 2, TimeUnit.SECONDS);
        }
    }

    /** @return the pipeline's capacities models are checked against */
    public PipelineCapacity capacity() {
        return capacity;
    }
}
