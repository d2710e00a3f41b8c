/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.junit.TestUtils;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.NetTestTools;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigRegistry;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortServiceAdapter;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.nids.api.PipelineConfig;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.api.TrackMode;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.impl.alert.SyncEventDispatcher;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.TreeNode;
import org.onosproject.nids.pipeconf.ClassifierBanks;
import org.onosproject.nids.pipeconf.FakeClassifierBanks;
import org.onosproject.nids.pipeconf.FakeFlowRuleService;
import org.onosproject.nids.pipeconf.FakeGroupService;
import org.onosproject.nids.pipeconf.PipelineDevices;
import org.onosproject.nids.pipeconf.PipelineEntries;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.osgi.service.component.ComponentContext;

import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.eq;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.getCurrentArguments;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.nids.codec.NidsTestModels.IN_BYTES;
import static org.onosproject.nids.codec.NidsTestModels.bundle;
import static org.onosproject.nids.codec.NidsTestModels.capacityBuilder;
import static org.onosproject.nids.codec.NidsTestModels.json;
import static org.onosproject.nids.codec.NidsTestModels.leaf;
import static org.onosproject.nids.codec.NidsTestModels.split;

/**
 * The model service on ONOS adapters, a test storage service and the real distributed store: validation of
 * uploads, rollout to the NIDS switches through the flow rule service, rollback, and reconciliation.
 */
public class NidsModelManagerTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, NidsApp.APP_NAME);
    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    /** Runs another pipeconf: never touched. */
    private static final DeviceId OTHER = DeviceId.deviceId("device:bmv2:other");
    private static final PortNumber P1 = PortNumber.portNumber(1);
    private static final PortNumber P2 = PortNumber.portNumber(2);
    private static final long WAIT_SECONDS = 10;

    static {
    }

    private final ModelBundle modelA = bundle(NidsTestModels.fourFeatureTree(), "four features");
    private final ModelBundle modelB = bundle(NidsTestModels.ttlTree(), "ttl");
    private final String jsonA = json(modelA);
    private final String jsonB = json(modelB);
    private final ObjectMapper mapper = new ObjectMapper();

    private final List<Device> available = new CopyOnWriteArrayList<>();
    private final Set<DeviceId> notMaster = ConcurrentHashMap.newKeySet();
    private final Set<DeviceId> masterless = ConcurrentHashMap.newKeySet();
    private final Map<DeviceId, NidsDeviceConfig> nidsConfigs = new ConcurrentHashMap<>();
    private final FakeFlowRuleService flows = new FakeFlowRuleService();
    private final FakeGroupService groups = new FakeGroupService();
    private DistributedNidsModelStore store;
    private NidsModelManager manager;

    // ------------------------------------------------------------------------------------------ fakes

    /** What a NIDS switch's pipeline behaviour finds on this ONOS. */
    private Map<Class<?>, Object> switchServices;

    @Before
    public void setUp() throws Exception {
        switchServices = Map.of(
                FlowRuleService.class, flows,
                ClassifierBanks.class, new FakeClassifierBanks(flows),
                GroupService.class, groups,
                CoreService.class, PipelineDevices.coreServiceOf(APP),
                PiPipeconfService.class, new PiPipeconfServiceAdapter(),
                // No P4Runtime client: a switch that cannot be read back (the record is trusted).
                P4RuntimeController.class, replayed(createNiceMock(P4RuntimeController.class)),
                NetworkConfigService.class, replayed(createNiceMock(NetworkConfigService.class)));
        available.addAll(List.of(PipelineDevices.nidsSwitch(S1, switchServices),
                                 PipelineDevices.nidsSwitch(S2, switchServices), PipelineDevices.otherSwitch(OTHER)));

        store = new DistributedNidsModelStore();
        store.storageService = new ListeningStorageService();
        store.activate();

        manager = new NidsModelManager();
        NetTestTools.injectEventDispatcher(manager, new SyncEventDispatcher());
        manager.coreService = PipelineDevices.coreServiceOf(APP);
        DeviceService deviceService = createNiceMock(DeviceService.class);
        expect(deviceService.getAvailableDevices()).andStubAnswer(() -> List.copyOf(available));
        expect(deviceService.getDevice(anyObject())).andStubAnswer(
                () -> available.stream().filter(d -> d.id().equals(getCurrentArguments()[0])).findFirst()
                        .orElse(null));
        expect(deviceService.isAvailable(anyObject())).andStubAnswer(
                () -> available.stream().anyMatch(d -> d.id().equals(getCurrentArguments()[0])));
        replay(deviceService);
        manager.deviceService = deviceService;
        manager.mastershipService = new MastershipServiceAdapter() {
            @Override
            public boolean isLocalMaster(DeviceId deviceId) {
                return !notMaster.contains(deviceId) && !masterless.contains(deviceId);
            }

            @Override
            public org.onosproject.cluster.NodeId getMasterFor(DeviceId deviceId) {
                if (masterless.contains(deviceId)) {
                    return null;
                }
                return org.onosproject.cluster.NodeId.nodeId(notMaster.contains(deviceId) ? "other" : "local");
            }
        };
        manager.edgePortService = new EdgePortServiceAdapter() {
            @Override
            public Iterable<ConnectPoint> getEdgePoints(DeviceId deviceId) {
                return List.of(new ConnectPoint(deviceId, P1), new ConnectPoint(deviceId, P2));
            }
        };
        NetworkConfigRegistry netcfg = createNiceMock(NetworkConfigRegistry.class);
        expect(netcfg.<DeviceId, NidsDeviceConfig>getConfig(anyObject(), eq(NidsDeviceConfig.class)))
                .andStubAnswer(() -> nidsConfigs.get(getCurrentArguments()[0]));
        replay(netcfg);
        manager.networkConfigRegistry = netcfg;
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.store = store;

        manager.activate((ComponentContext) null);
        drainExecutor();
        awaitOldBanksRemoved();
        flows.applied.clear();
    }

    @After
    public void tearDown() {
        if (manager != null) {
            manager.deactivate();
        }
    }

    /** Waits (bounded) until the manager's executor has run what was queued before this call. */
    private void drainExecutor() throws Exception {
        ScheduledExecutorService executor = TestUtils.getField(manager, "executor");
        executor.submit(() -> { }).get(WAIT_SECONDS, TimeUnit.SECONDS);
    }

    // ------------------------------------------------------------------------------------------ helpers

    private List<FlowRule> banked(DeviceId deviceId, int bank) {
        return flows.tables.getOrDefault(deviceId, Map.of()).values().stream()
                .collect(Collectors.collectingAndThen(Collectors.toList(),
                                                      rules -> PipelineEntries.bank(rules, bank)));
    }

    private FlowRule config(DeviceId deviceId) {
        List<FlowRule> configs = PipelineEntries.configs(flows.tables.getOrDefault(deviceId, Map.of()).values());
        assertEquals("one config rule on " + deviceId, 1, configs.size());
        return configs.get(0);
    }

    private int entries(ModelBundle model, DeviceId deviceId, int bank) {
        return PipelineEntries.planned(APP, deviceId, model, bank).size();
    }

    /**
     * Waits (bounded by the manager) until the last rollout's old banks are removed: a rollout answers once every
     * switch flipped and removes the old bank after; the next programming takes the lock only then.
     */
    private void awaitOldBanksRemoved() {
        ProgrammingLock programming;
        try {
            programming = TestUtils.getField(manager, "programming");
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException(e);
        }
        programming.lock();
        programming.unlock();
    }

    /** The switch runs this model in this bank with this epoch, and nothing else of ours. */
    private void assertRuns(DeviceId deviceId, ModelBundle model, int bank, long epoch) {
        awaitOldBanksRemoved();
        assertEquals(Set.copyOf(PipelineEntries.planned(APP, deviceId, model, bank)),
                     Set.copyOf(banked(deviceId, bank)));
        assertTrue("other bank empty on " + deviceId, banked(deviceId, 1 - bank).isEmpty());
        assertEquals(bank, PipelineEntries.configBank(config(deviceId)));
        assertEquals(epoch, PipelineEntries.configEpoch(config(deviceId)));
        DeviceModelState state = store.deviceState(deviceId).orElseThrow();
        assertEquals(bank, state.activeBank());
        assertEquals(Optional.of(model.modelId()), state.modelId());
        assertEquals(entries(model, deviceId, bank), state.entries());
        assertFalse(state.lastError().isPresent());
    }

    private static RolloutResult.DeviceResult resultOf(RolloutResult result, DeviceId deviceId) {
        return result.devices().stream().filter(d -> d.deviceId().equals(deviceId)).findFirst().orElseThrow();
    }

    private void assertNothingStoredOrWritten() {
        assertTrue(store.models().isEmpty());
        assertTrue(manager.models().isEmpty());
        assertTrue("no flow rule written: " + flows.applied, flows.applied.isEmpty());
    }

    private void assertRefused(String json, String reason) {
        try {
            manager.upload(json);
            fail("accepted a bundle that should be refused for: " + reason);
        } catch (NidsException e) {
            assertEquals(e.getMessage(), NidsException.Kind.INVALID, e.kind());
            assertTrue("'" + e.getMessage() + "' should say " + reason, e.getMessage().contains(reason));
        }
        assertNothingStoredOrWritten();
    }

    /** The first phase of a schema-2 bundle (the test models have one, the END phase). */
    private static ObjectNode phase0(ObjectNode root) {
        return (ObjectNode) root.get("phases").get(0);
    }

    private String edited(String json, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode root = (ObjectNode) mapper.readTree(json);
        edit.accept(root);
        return mapper.writeValueAsString(root);
    }

    private void assertKind(NidsException.Kind kind, Runnable call) {
        try {
            call.run();
            fail("expected " + kind);
        } catch (NidsException e) {
            assertEquals(e.getMessage(), kind, e.kind());
        }
    }

    // ------------------------------------------------------------------------------------------ start

    @Test
    public void startingUpPreparesEveryConnectedNidsSwitchEvenWithoutAModel() {
        for (DeviceId d : List.of(S1, S2)) {
            DeviceModelState state = store.deviceState(d).orElseThrow();
            assertEquals(DeviceModelState.NO_BANK, state.activeBank());
            assertFalse(state.modelId().isPresent());
            assertFalse(state.lastError().isPresent());
            FlowRule config = config(d);
            assertEquals(0, PipelineEntries.configBank(config));
            assertEquals(0, PipelineEntries.configEpoch(config));
            assertEquals(TrackMode.EDGE, PipelineEntries.configTrackMode(config));
            Set<Long> edgePorts = PipelineEntries.edgePorts(flows.tables.get(d).values());
            assertEquals(Set.of(1L, 2L), edgePorts);
            GroupDescription clone = groups.added.stream().filter(g -> g.deviceId().equals(d)).findFirst()
                    .orElseThrow();
            assertEquals(GroupDescription.Type.CLONE, clone.type());
            assertEquals(Integer.valueOf(PipelineEntries.reportCloneSession()), clone.givenGroupId());
        }
        assertFalse(store.deviceState(OTHER).isPresent());
        assertFalse(flows.tables.containsKey(OTHER));
        assertTrue(groups.added.stream().noneMatch(g -> g.deviceId().equals(OTHER)));
        assertFalse(manager.activeModelId().isPresent());
    }

    // ------------------------------------------------------------------------------------------ upload

    @Test
    public void aValidBundleIsStored() {
        ModelBundle stored = manager.upload(jsonA);

        assertEquals(modelA.modelId(), stored.modelId());
        assertEquals("four features", stored.name());
        assertEquals(Optional.of(jsonA), store.modelJson(modelA.modelId()));
        assertEquals(List.of(modelA.modelId()),
                     manager.models().stream().map(ModelBundle::modelId).collect(Collectors.toList()));
        assertTrue(manager.model(modelA.modelId()).isPresent());
        assertTrue("uploading writes nothing to a switch", flows.applied.isEmpty());
        assertFalse(manager.activeModelId().isPresent());
    }

    @Test
    public void summariesAreOldestFirstWithTheActiveOneMarked() {
        ModelBundle older = NidsTestModels.binary("older", "2026-01-15T10:00:00Z");
        ModelBundle newer = NidsTestModels.multiClass("newer", "2026-02-01T09:30:00Z");
        manager.upload(NidsTestModels.json(newer));
        manager.upload(NidsTestModels.json(older));
        manager.activate(older.modelId());

        List<ModelSummary> list = manager.summaries();
        assertEquals(List.of("older", "newer"), List.of(list.get(0).name(), list.get(1).name()));
        assertTrue(list.get(0).active());
        assertFalse(list.get(1).active());
    }

    @Test
    public void listenersHearOfStoredRemovedAndActivatedModelsAndOfSwitchStates() throws Exception {
        List<NidsModelEvent> events = new CopyOnWriteArrayList<>();
        manager.addListener(events::add);
        manager.upload(jsonA);
        manager.upload(jsonB);
        manager.activate(modelA.modelId());
        manager.remove(modelB.modelId());

        List<String> seen = events.stream().filter(e -> e.type() != NidsModelEvent.Type.SWITCH_UPDATED)
                .map(e -> e.type() + " " + e.subject()).collect(Collectors.toList());
        assertEquals(List.of("MODEL_ADDED " + modelA.modelId(), "MODEL_ADDED " + modelB.modelId(),
                             "MODEL_ACTIVATED " + modelA.modelId(), "MODEL_REMOVED " + modelB.modelId()), seen);
        Set<DeviceId> updated = events.stream().filter(e -> e.type() == NidsModelEvent.Type.SWITCH_UPDATED)
                .map(e -> e.switchState().orElseThrow().deviceId()).collect(Collectors.toSet());
        assertEquals(Set.of(S1, S2), updated);
    }

    @Test
    public void aStoredModelIsReadBackByAnotherInstance() {
        manager.upload(jsonA);
        NidsModelManager other = new NidsModelManager();
        other.store = store;
        ModelBundle read = other.model(modelA.modelId()).orElseThrow();
        assertTrue(read.phases().get(0).compiled().sameEntriesAs(modelA.phases().get(0).compiled()));
        assertEquals(1, other.models().size());
    }

    @Test
    public void notJsonIsRefused() {
        assertRefused("{\"schema_version\": 1, ", "not a JSON document");
        assertRefused("", "not a JSON object");
        assertRefused("[1, 2]", "not a JSON object");
    }

    @Test
    public void anotherSchemaVersionIsRefused() throws Exception {
        assertRefused(edited(jsonA, root -> root.put("schema_version", 7)), "unknown model schema version 7");
        assertRefused(edited(jsonA, root -> root.remove("schema_version")), "schema_version");
    }

    @Test
    public void aSchemaViolationIsRefused() throws Exception {
        assertRefused(edited(jsonA, root -> phase0(root).remove("tree")), "does not match the model-bundle schema");
        assertRefused(edited(jsonA, root -> root.put("model_id", "../etc/passwd")),
                      "does not match the model-bundle schema");
        assertRefused(edited(jsonA, root -> ((ArrayNode) root.get("classes")).set(0, root.textNode("Normal"))),
                      "does not match the model-bundle schema");
    }

    @Test
    public void anotherFeatureCatalogIsRefused() throws Exception {
        assertRefused(edited(jsonA, root -> root.put("catalog_version", 99)), "feature catalog version");
    }

    @Test
    public void anUnknownFeatureIsRefused() throws Exception {
        assertRefused(edited(jsonA, root -> ((ObjectNode) phase0(root).get("tree")).put("feature_id", 99)),
                      "feature id 99 is not in feature catalog");
        assertRefused(edited(jsonA, root -> ((ObjectNode) phase0(root).get("slots").get(0)).put("feature_id", 99)),
                      "feature id 99 is not in feature catalog");
    }

    @Test
    public void moreClassesThanThePipelineCountsAreRefused() {
        int maxClasses = manager.capacity().maxClasses();
        assertEquals(32, maxClasses);
        ModelBundle tooMany = bundle(NidsTestModels.chainTree(maxClasses + 1), "33 classes",
                                     capacityBuilder().maxClasses(64).build());
        assertRefused(json(tooMany), "the model has 33 classes; the pipeline holds at most 32");
    }

    @Test
    public void exactlyAsManyClassesAsThePipelineCountsAreAccepted() {
        ModelBundle full = bundle(NidsTestModels.chainTree(32), "32 classes");
        assertEquals(32, manager.upload(json(full)).classNames().size());
    }

    @Test
    public void moreFeaturesThanSlotsAreRefused() {
        int slots = manager.capacity().featureSlots();
        int[] features = new int[slots + 1];
        for (int i = 0; i < features.length; i++) {
            features[i] = i + 1;
        }
        ModelBundle tooWide = bundle(NidsTestModels.featureChainTree(features), "too wide",
                                     capacityBuilder().featureSlots(16).build());
        assertRefused(json(tooWide), "exceeds the pipeline's capacity: feature slots: " + (slots + 1)
                + " features needed, " + slots + " available");
    }

    @Test
    public void moreRangeEntriesThanABankHoldsAreRefused() {
        // One feature cut into more intervals than one bank of its range table holds.
        int perBank = manager.capacity().rangeEntriesPerBank();
        ModelBundle tooFine = bundle(fineTree(perBank + 1), "too fine",
                                     capacityBuilder().rangeTableSize(4 * (perBank + 1))
                                             .decisionTableSize(4 * (perBank + 1)).build());
        assertRefused(json(tooFine), "exceeds the pipeline's capacity: range table for");
    }

    /** IN_BYTES cut into {@code intervals} intervals by a balanced tree, classes alternating. */
    private static DecisionTree fineTree(int intervals) {
        return DecisionTree.of(balanced(0, intervals - 1), List.of("Benign", "Attack"));
    }

    /** Intervals first..last; interval i is IN_BYTES in (10·i, 10·(i+1)]. */
    private static TreeNode balanced(int first, int last) {
        if (first == last) {
            return leaf(first % 2);
        }
        int mid = (first + last) / 2;
        return split(IN_BYTES, 10L * (mid + 1), balanced(first, mid), balanced(mid + 1, last));
    }

    @Test
    public void entriesThatAreNotWhatTheTreeCompilesToAreRefused() throws Exception {
        assertRefused(edited(jsonA, root -> {
            ObjectNode entry = (ObjectNode) phase0(root).get("decision_entries").get(0);
            entry.put("class_id", 1 - entry.get("class_id").asInt());
        }), "not what its tree compiles to");
        assertRefused(edited(jsonA, root -> ((ObjectNode) phase0(root).get("feature_entries").get(0)).put("high", 7)),
                      "not what its tree compiles to");
        assertRefused(edited(jsonA, root -> ((ArrayNode) phase0(root).get("decision_entries")).remove(0)),
                      "not what its tree compiles to");
    }

    @Test
    public void aBundleCompiledForAnotherPipelineIsRefused() {
        ModelBundle wide = bundle(NidsTestModels.fourFeatureTree(), "12 slots",
                                  capacityBuilder().featureSlots(12).build());
        assertRefused(json(wide), "made for another pipeline");
    }

    @Test
    public void numbersTooLargeForTheirFieldsAreRefusedAsInvalid() throws Exception {
        // Valid for the schema (a non-negative integer) but not a slot index.
        assertRefused(edited(jsonA, root -> ((ObjectNode) phase0(root).get("slots").get(0)).put("slot", 3_000_000_000L)),
                      "malformed model bundle");
    }

    @Test
    public void aDuplicateIdIsAConflict() {
        manager.upload(jsonA);
        try {
            manager.upload(jsonA);
            fail("duplicate accepted");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.CONFLICT, e.kind());
            assertTrue(e.getMessage(), e.getMessage().contains(modelA.modelId()));
        }
        assertEquals(1, store.models().size());
    }

    // ------------------------------------------------------------------------------------------ remove

    @Test
    public void theActiveModelCannotBeRemoved() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        assertKind(NidsException.Kind.CONFLICT, () -> manager.remove(modelA.modelId()));
        assertTrue(manager.model(modelA.modelId()).isPresent());
    }

    /** Issue 14: activate(X) racing DELETE X never leaves an active model that is not stored. */
    @Test
    public void anActivationRacingTheRemovalOfItsModelNeverLeavesAMissingModelActive() throws Exception {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        for (int round = 0; round < 20; round++) {
            if (!store.modelJson(modelB.modelId()).isPresent()) {
                manager.upload(jsonB);
            }
            CountDownLatch start = new CountDownLatch(1);
            Thread activation = new Thread(() -> {
                awaitQuietly(start);
                try {
                    manager.activate(modelB.modelId());
                } catch (NidsException e) {
                    // NOT_FOUND: the removal came first
                }
            });
            Thread removal = new Thread(() -> {
                awaitQuietly(start);
                try {
                    manager.remove(modelB.modelId());
                } catch (NidsException e) {
                    // CONFLICT: the activation came first
                }
            });
            activation.start();
            removal.start();
            start.countDown();
            activation.join(10_000);
            removal.join(10_000);
            String active = manager.activeModelId().orElseThrow();
            assertTrue("round " + round + ": active model " + active + " is stored",
                       store.modelJson(active).isPresent());
            if (active.equals(modelB.modelId())) {
                manager.activate(modelA.modelId());
            }
        }
    }

    /** Issue 14: no lock is held across switch I/O that a removal waits for. */
    @Test
    public void aRemovalNeverWaitsForARolloutThatWaitsForASwitch() throws Exception {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        manager.upload(jsonB);
        flows.silent.add(S2);
        Thread activation = new Thread(() -> manager.activate(modelB.modelId()));
        activation.start();
        for (int i = 0; i < 500 && flows.unanswered.isEmpty(); i++) {
            Thread.sleep(10);
        }
        assertFalse("the rollout is waiting for S2", flows.unanswered.isEmpty());
        long started = System.nanoTime();
        NidsException refused = null;
        try {
            manager.remove(modelB.modelId());
        } catch (NidsException e) {
            refused = e;
        }
        long millis = (System.nanoTime() - started) / 1_000_000;
        assertTrue("the removal was refused while S2 did not answer", refused != null && activation.isAlive());
        assertEquals(NidsException.Kind.CONFLICT, refused.kind());
        assertTrue(refused.getMessage(), refused.getMessage().contains("is being rolled out"));
        assertTrue("the removal waited " + millis + " ms", millis < 2000);
        flows.silent.clear();
        activation.join(30_000);
        assertFalse(activation.isAlive());
        assertEquals(Optional.of(modelA.modelId()), manager.activeModelId());
        assertTrue("B can be removed once its rollout is over", manager.remove(modelB.modelId()));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    public void removingAnEarlierModelDropsItFromTheRollbackHistory() {
        manager.upload(jsonA);
        manager.upload(jsonB);
        manager.activate(modelA.modelId());
        manager.activate(modelB.modelId());

        assertTrue(manager.remove(modelA.modelId()));
        assertFalse(manager.model(modelA.modelId()).isPresent());
        assertFalse(store.modelJson(modelA.modelId()).isPresent());
        assertTrue(store.activeModel().history().isEmpty());
        assertKind(NidsException.Kind.CONFLICT, manager::rollback);
        assertFalse("nothing left to remove", manager.remove(modelA.modelId()));
    }

    // ------------------------------------------------------------------------------------------ activate

    @Test
    public void activatingAnUnknownModelIsNotFound() {
        assertKind(NidsException.Kind.NOT_FOUND, () -> manager.activate("nids-0000000000000000"));
        assertTrue(flows.applied.isEmpty());
    }

    @Test
    public void rollingBackWithoutAnEarlierModelIsAConflict() {
        assertKind(NidsException.Kind.CONFLICT, manager::rollback);
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        assertKind(NidsException.Kind.CONFLICT, manager::rollback);
        assertEquals(Optional.of(modelA.modelId()), manager.activeModelId());
    }

    @Test
    public void activatingWritesTheModelToEveryNidsSwitchAndRecordsIt() {
        manager.upload(jsonA);

        RolloutResult result = manager.activate(modelA.modelId());

        assertTrue(result.toString(), result.succeeded());
        assertEquals(Set.of(S1, S2), result.devices().stream().map(RolloutResult.DeviceResult::deviceId)
                .collect(Collectors.toSet()));
        for (DeviceId d : List.of(S1, S2)) {
            assertEquals(Outcome.FLIPPED, resultOf(result, d).outcome());
            assertEquals("a switch never programmed gets bank 1", 1, resultOf(result, d).bank());
            assertEquals(entries(modelA, d, 1), resultOf(result, d).entries());
            assertRuns(d, modelA, 1, 1);
        }
        assertEquals(Optional.of(modelA.modelId()), manager.activeModelId());
        assertEquals(1, store.activeModel().epoch());
        assertEquals(Optional.of(modelA.modelId()), manager.modelOfEpoch(1));
        assertFalse(result.previousModelId().isPresent());
        assertFalse(flows.tables.containsKey(OTHER));
        assertEquals(manager.deviceStates(), store.deviceStates());
    }

    @Test
    public void aSwitchWithoutAMasterForAMomentIsStillProgrammed() {
        masterless.add(S2);
        manager.upload(jsonA);
        RolloutResult result = manager.activate(modelA.modelId());
        assertEquals(2, result.devices().size());
        assertRuns(S2, modelA, 1, 1);
    }

    @Test
    public void anActivationRollsOutToSwitchesAnotherInstanceMasters() {
        // In a cluster the flow rule service hands each write to the switch's master: one rollout covers the fabric.
        notMaster.add(S2);
        manager.upload(jsonA);
        RolloutResult result = manager.activate(modelA.modelId());
        assertTrue(result.succeeded());
        assertEquals(2, result.devices().size());
        assertRuns(S1, modelA, 1, 1);
        assertRuns(S2, modelA, 1, 1);
    }

    @Test
    public void aSwitchThisInstanceDoesNotMasterIsReconciledByItsMaster() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        flows.tables.remove(S2);
        store.putDeviceState(new DeviceModelState(S2, 0, "nids-something-else", 3, null, 0));
        notMaster.add(S2);
        awaitOldBanksRemoved();
        flows.applied.clear();

        manager.reconcile(S2, true);
        manager.reconcileAll(false);

        assertTrue("S2 is its master's to reconcile", flows.appliedOn(S2).isEmpty());
        notMaster.remove(S2);
        manager.reconcileAll(false);
        assertRuns(S2, modelA, 1, 1);
    }

    @Test
    public void theNextModelGoesToTheOtherBankAndRollbackBringsTheFirstBack() {
        manager.upload(jsonA);
        manager.upload(jsonB);
        manager.activate(modelA.modelId());

        RolloutResult second = manager.activate(modelB.modelId());
        assertTrue(second.succeeded());
        assertEquals(Optional.of(modelA.modelId()), second.previousModelId());
        for (DeviceId d : List.of(S1, S2)) {
            assertEquals(0, resultOf(second, d).bank());
            assertRuns(d, modelB, 0, 2);
        }
        assertEquals(Optional.of(modelB.modelId()), manager.activeModelId());
        assertEquals(List.of(modelA.modelId()), store.activeModel().history());

        RolloutResult back = manager.rollback();
        assertTrue(back.succeeded());
        assertEquals(modelA.modelId(), back.modelId());
        assertEquals(Optional.of(modelB.modelId()), back.previousModelId());
        for (DeviceId d : List.of(S1, S2)) {
            assertRuns(d, modelA, 1, 3);
        }
        assertEquals(Optional.of(modelA.modelId()), manager.activeModelId());
        assertEquals(3, store.activeModel().epoch());
        assertEquals(Optional.of(modelB.modelId()), manager.modelOfEpoch(2));
        assertTrue(store.activeModel().history().isEmpty());
    }

    @Test
    public void aSwitchThatRefusesTheModelKeepsTheOldModelActiveEverywhere() {
        manager.upload(jsonA);
        manager.upload(jsonB);
        manager.activate(modelA.modelId());
        Map<FlowId, FlowRule> s1Before = Map.copyOf(flows.tables.get(S1));
        flows.refusing.add(S2);

        RolloutResult result = manager.activate(modelB.modelId());

        assertFalse(result.succeeded());
        assertEquals(S2, result.failure().orElseThrow().deviceId());
        assertEquals(Outcome.FAILED, resultOf(result, S2).outcome());
        assertEquals(Outcome.NOT_ATTEMPTED, resultOf(result, S1).outcome());
        assertEquals(Optional.of(modelA.modelId()), manager.activeModelId());
        assertEquals(1, store.activeModel().epoch());
        assertTrue(store.activeModel().history().isEmpty());
        // S1 wrote B into bank 0, then removed it again: it runs A exactly as before.
        assertEquals(s1Before, flows.tables.get(S1));
        assertRuns(S1, modelA, 1, 1);
        DeviceModelState s2 = store.deviceState(S2).orElseThrow();
        assertEquals(1, s2.activeBank());
        assertEquals(Optional.of(modelA.modelId()), s2.modelId());
        assertEquals(entries(modelA, S2, 1), s2.entries());
        assertTrue(s2.lastError().orElseThrow().contains("writing the model to bank 0"));

        // Once the switch accepts writes again, the next reconciliation repairs it.
        flows.refusing.clear();
        manager.reconcile(S2, false);
        assertRuns(S2, modelA, 0, 1);
    }

    @Test
    public void aSwitchThatRefusesTheFirstModelLeavesNoModelActive() {
        manager.upload(jsonA);
        flows.refusing.add(S1);

        RolloutResult result = manager.activate(modelA.modelId());

        assertFalse(result.succeeded());
        assertFalse(manager.activeModelId().isPresent());
        assertEquals(0, store.activeModel().epoch());
        assertTrue(banked(S2, 1).isEmpty());
        DeviceModelState s1 = store.deviceState(S1).orElseThrow();
        assertEquals(DeviceModelState.NO_BANK, s1.activeBank());
        assertFalse(s1.modelId().isPresent());
        assertEquals(0, s1.entries());
        assertTrue(s1.lastError().isPresent());
        assertFalse(store.deviceState(S2).orElseThrow().lastError().isPresent());
    }

    // ------------------------------------------------------------------------------------------ reconcile

    @Test
    public void aSwitchWhoseStateDiffersIsReprogrammed() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        // S2 restarted: its tables are empty, and what we know of it is stale.
        flows.tables.remove(S2);
        store.putDeviceState(new DeviceModelState(S2, 0, "nids-something-else", 3, null, 0));
        awaitOldBanksRemoved();
        flows.applied.clear();

        manager.reconcile(S2, false);

        assertRuns(S2, modelA, 1, 1);
        assertTrue("S1 was in line", flows.appliedOn(S1).isEmpty());
    }

    @Test
    public void aSwitchInLineIsLeftAloneUnlessForced() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        awaitOldBanksRemoved();
        flows.applied.clear();

        manager.reconcile(S1, false);
        manager.reconcileAll(false);
        assertTrue(flows.applied.toString(), flows.applied.isEmpty());

        manager.reconcile(S1, true);
        assertFalse(flows.appliedOn(S1).isEmpty());
        assertRuns(S1, modelA, 0, 1);
        assertTrue(flows.appliedOn(S2).isEmpty());
        assertEquals("the clone session is added once", 1,
                     groups.added.stream().filter(g -> g.deviceId().equals(S1)).count());
    }

    @Test
    public void aSwitchOfAnotherPipelineOrNotAvailableIsNeverReconciled() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        awaitOldBanksRemoved();
        flows.applied.clear();
        available.removeIf(d -> d.id().equals(S2));

        manager.reconcile(OTHER, true);
        manager.reconcile(S2, true);

        assertTrue(flows.applied.isEmpty());
    }

    @Test
    public void aSwitchThatAppearsGetsTheActiveModel() {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        DeviceId s3 = DeviceId.deviceId("device:bmv2:s3");
        available.add(PipelineDevices.nidsSwitch(s3, switchServices));

        manager.reconcileAll(false);

        assertRuns(s3, modelA, 1, 1);
    }

    // ------------------------------------------------------------------------------------------ config

    @Test
    public void changedKnobsAreWrittenToEverySwitchKeepingTheModel() throws Exception {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(OsgiPropertyConstants.TRACK_MODE, "all");
        properties.put(OsgiPropertyConstants.REPORT_RATE_PPS, "50");
        ComponentContext context = createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(properties).anyTimes();
        replay(context);

        manager.modified(context);
        drainExecutor();

        for (DeviceId d : List.of(S1, S2)) {
            assertEquals(TrackMode.ALL, PipelineEntries.configTrackMode(config(d)));
            assertEquals(50, PipelineEntries.reportRatePps(flows.tables.get(d).values()));
            assertRuns(d, modelA, 0, 1);
        }
    }

    @Test
    public void anUnknownTrackModeIsIgnored() throws Exception {
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put(OsgiPropertyConstants.TRACK_MODE, "sideways");
        ComponentContext context = createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(properties).anyTimes();
        replay(context);

        manager.modified(context);
        drainExecutor();

        assertEquals(TrackMode.EDGE, manager.baseConfig().trackMode());
        assertTrue("nothing changed, nothing written", flows.applied.isEmpty());
    }

    @Test
    public void rateKnobsOutOfRangeAreRefusedAndNothingIsWritten() throws Exception {
        manager.upload(jsonA);
        manager.activate(modelA.modelId());
        awaitOldBanksRemoved();
        flows.applied.clear();
        PipelineConfig before = manager.baseConfig();
        for (String[] knob : new String[][]{
                {OsgiPropertyConstants.REPORT_RATE_PPS, "0"}, {OsgiPropertyConstants.REPORT_RATE_PPS, "-5"},
                {OsgiPropertyConstants.REPORT_BURST, "-1"}, {OsgiPropertyConstants.REPORT_RATE_PPS, "fast"},
                {OsgiPropertyConstants.ACTIVE_TIMEOUT_SECONDS, "5000"},
                {OsgiPropertyConstants.ACTIVE_TIMEOUT_PACKETS, "-1"}}) {
            Hashtable<String, Object> properties = new Hashtable<>();
            properties.put(knob[0], knob[1]);
            ComponentContext context = createMock(ComponentContext.class);
            expect(context.getProperties()).andReturn(properties).anyTimes();
            replay(context);

            manager.modified(context);
            drainExecutor();

            assertEquals(String.join("=", knob), before, manager.baseConfig());
        }
        assertTrue("nothing changed, nothing written", flows.applied.isEmpty());
    }

    @Test
    public void edgePortsFromTheNetcfgReplaceTheTopologysEdge() throws Exception {
        NidsDeviceConfig config = new NidsDeviceConfig();
        config.init(S1, NidsDeviceConfig.KEY, mapper.createObjectNode().set("edgePorts",
                mapper.createArrayNode().add(5)), mapper, c -> { });
        nidsConfigs.put(S1, config);

        assertEquals(Set.of(PortNumber.portNumber(5)), manager.switches().edgePorts(S1));
        assertEquals(Set.of(P1, P2), manager.switches().edgePorts(S2));
        manager.switches().prepare(S1);
        assertTrue(PipelineEntries.edgePorts(flows.tables.get(S1).values()).contains(5L));
    }

    // ------------------------------------------------------------------------------------------ misc

    @Test
    public void theCapacityIsThePackagedPipelines() {
        assertNotNull(manager.capacity());
        assertEquals(NidsTestModels.capacity(), manager.capacity());
        assertEquals(PipelineCapacity.packaged(), manager.capacity());
    }

    @Test
    public void trackModesAreTheirPropertyValues() {
        assertEquals(Optional.of(TrackMode.EDGE), TrackMode.ofPropertyValue("edge"));
        assertEquals(Optional.of(TrackMode.ALL), TrackMode.ofPropertyValue("all"));
        assertEquals(Optional.of(TrackMode.INGRESS_EDGE), TrackMode.ofPropertyValue("ingress-edge"));
        assertEquals(Optional.of(TrackMode.OFF), TrackMode.ofPropertyValue("off"));
        assertFalse(TrackMode.ofPropertyValue("EDGE").isPresent());
    }

    @Test
    public void aStalledReadBackIsGivenUpAfterTheStepTimeoutAndTheSwitchTakenAsRecorded() {
        FakePipeline p1 = new FakePipeline(S1);
        FakePipeline p2 = new FakePipeline(S2);
        FabricRollout.Target read = new FabricRollout.Target(S1, p1, 1, 3, "m", 10);
        FabricRollout.Target recorded = new FabricRollout.Target(S2, p2, 0, 2, "m", 10);
        Map<DeviceId, CompletableFuture<Optional<FabricRollout.Target>>> reads = new LinkedHashMap<>();
        reads.put(S1, CompletableFuture.completedFuture(Optional.of(read)));
        reads.put(S2, new CompletableFuture<>());   // a switch that never answers
        reads.put(OTHER, CompletableFuture.completedFuture(Optional.empty()));

        List<FabricRollout.Target> targets = NidsModelManager.readBacks(
                reads, 100, d -> d.equals(S2) ? Optional.of(recorded) : Optional.empty());

        assertEquals(List.of(read, recorded), targets);
    }

    private static <T> T replayed(T mock) {
        replay(mock);
        return mock;
    }
}
