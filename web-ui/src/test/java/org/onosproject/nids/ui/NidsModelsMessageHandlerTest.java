/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.easymock.Capture;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.DeviceModelState;
import org.onosproject.nids.api.NidsModelEvent;
import org.onosproject.nids.api.NidsModelListener;
import org.onosproject.nids.api.NidsModelService;
import org.onlab.packet.Ip4Address;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.FlowRecord;
import org.onosproject.nids.api.NidsFlowRecordService;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;
import org.onosproject.nids.model.tree.TreeNode;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.niceMock;
import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.expectLastCall;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.nids.ui.NidsModelsMessageHandler.DATA_REQ;
import static org.onosproject.nids.ui.NidsModelsMessageHandler.DATA_RESP;
import static org.onosproject.nids.ui.NidsModelsMessageHandler.DEVICES_RESP;
import static org.onosproject.nids.ui.NidsModelsMessageHandler.ROWS;
import static org.onosproject.nids.ui.NidsModelsMessageHandler.WATCH_REQ;
import static org.onosproject.nids.ui.UiTestSupport.MAPPER;
import static org.onosproject.nids.ui.UiTestSupport.message;

/**
 * Rows, switch states and pushes of the models view's message handler, with real (small) compiled models.
 */
public class NidsModelsMessageHandlerTest {

    /** Catalog ids (feature catalog version 1). */
    private static final int L4_DST_PORT = 2;
    private static final int PROTOCOL = 3;
    private static final int MIN_TTL = 14;
    /** 2026-01-15 10:00:00 UTC. */
    private static final long T0 = 1_768_471_200_000L;

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:bmv2:s2");
    private static final DeviceId S3 = DeviceId.deviceId("device:bmv2:s3");

    private final ModelBundle portModel = bundle(DecisionTree.of(
            split(PROTOCOL, 6, split(L4_DST_PORT, 9000, leaf(0), leaf(1)), leaf(0)),
            List.of("Benign", "Attack")), "port rule", "2026-03-01T12:00:00Z");
    private final ModelBundle ttlModel = bundle(DecisionTree.of(
            split(MIN_TTL, 32, leaf(1), leaf(0)), List.of("Benign", "Scan")), "ttl rule", "2026-03-02T12:00:00Z");

    private NidsModelService modelService;
    private UiTestSupport.RecordingConnection conn;
    private ScheduledExecutorService pushExecutor;
    private NidsModelsMessageHandler handler;

    /** A binary-tree leaf that saw 10 training rows of its class. */
    private static TreeNode leaf(int classId) {
        long[] counts = new long[2];
        counts[classId] = 10;
        return new LeafNode(classId, counts);
    }

    private static TreeNode split(int featureId, long threshold, TreeNode lessOrEqual, TreeNode greater) {
        long[] counts = {lessOrEqual.counts()[0] + greater.counts()[0], lessOrEqual.counts()[1] + greater.counts()[1]};
        return new SplitNode(featureId, threshold, lessOrEqual, greater, counts);
    }

    private static ModelBundle bundle(DecisionTree tree, String name, String createdAt) {
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Label")
                .binary(true).algorithm("j48").rows(100).trainRows(70).testRows(30).build();
        return ModelBundles.compile(name, createdAt, training, Map.of(Phase.END, tree), 0,
                                    SourceWindow.DEFAULT_WINDOW_LOG2_US, FeatureCatalog.standard(),
                                    PipelineCapacity.packaged());
    }

    @Before
    public void setUp() {
        modelService = mock(NidsModelService.class);
        conn = new UiTestSupport.RecordingConnection();
        pushExecutor = Executors.newSingleThreadScheduledExecutor();
        handler = new NidsModelsMessageHandler(pushExecutor, 0, ZoneOffset.UTC);
    }

    @After
    public void tearDown() {
        pushExecutor.shutdownNow();
    }

    /** @param models the stored models, or null when the test set {@code models()} up itself */
    private void start(List<ModelBundle> models, Optional<String> active, Map<DeviceId, DeviceModelState> states) {
        if (models != null) {
            expect(modelService.models()).andReturn(models).anyTimes();
        }
        expect(modelService.activeModelId()).andReturn(active).anyTimes();
        expect(modelService.deviceStates()).andReturn(states).anyTimes();
        replay(modelService);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsModelService.class, modelService)));
    }

    private Map<DeviceId, DeviceModelState> rolledOut() {
        String port = portModel.modelId();
        Map<DeviceId, DeviceModelState> states = new LinkedHashMap<>();
        states.put(S3, new DeviceModelState(S3, 0, ttlModel.modelId(), 4, "write failed: UNAVAILABLE", T0 + 3_000));
        states.put(S1, new DeviceModelState(S1, 1, port, 9, null, T0));
        states.put(S2, new DeviceModelState(S2, 1, port, 9, null, T0 + 1_000));
        return states;
    }

    @Test
    public void rowsMarkTheActiveModelAndCountTheSwitchesHoldingEach() {
        start(ImmutableList.of(ttlModel, portModel), Optional.of(portModel.modelId()), rolledOut());

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        JsonNode rows = conn.only(DATA_RESP).get(ROWS);
        assertEquals(2, rows.size());
        JsonNode active = rows.get(0);
        assertEquals("active model first", portModel.modelId(), active.get("id").asText());
        assertEquals("active", active.get("active").asText());
        assertEquals("port rule", active.get("name").asText());
        assertEquals("Benign, Attack", active.get("classes").asText());
        assertEquals("3", active.get("leaves").asText());
        assertEquals("2", active.get("depth").asText());
        int entries = portModel.phases().get(0).compiled().decisionEntries().size() + portModel.phases().get(0).compiled().featureEntries().size();
        assertEquals(Integer.toString(entries), active.get("entries").asText());
        assertEquals("2026-03-01T12:00:00Z", active.get("created").asText());
        assertEquals("2 of 3", active.get("switches").asText());

        JsonNode other = rows.get(1);
        assertEquals(ttlModel.modelId(), other.get("id").asText());
        assertEquals("", other.get("active").asText());
        assertEquals("Benign, Scan", other.get("classes").asText());
        assertEquals("1 of 3", other.get("switches").asText());
    }

    @Test
    public void everyTableIsFollowedByTheSwitchesRolloutState() {
        start(ImmutableList.of(portModel), Optional.of(portModel.modelId()), rolledOut());

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        assertEquals(ImmutableList.of(DATA_RESP, DEVICES_RESP), conn.types());
        ObjectNode payload = conn.only(DEVICES_RESP);
        assertEquals(portModel.modelId(), payload.get("activeModel").asText());
        JsonNode devices = payload.get("devices");
        assertEquals(3, devices.size());

        JsonNode s1 = devices.get(0);
        assertEquals("sorted by switch", "device:bmv2:s1", s1.get("id").asText());
        assertEquals("1", s1.get("bank").asText());
        assertEquals(portModel.modelId(), s1.get("model").asText());
        assertEquals(9, s1.get("entries").asInt());
        assertEquals("2026-01-15 10:00:00", s1.get("updated").asText());
        assertEquals("", s1.get("error").asText());
        assertEquals("current", s1.get("status").asText());

        JsonNode s3 = devices.get(2);
        assertEquals("device:bmv2:s3", s3.get("id").asText());
        assertEquals(ttlModel.modelId(), s3.get("model").asText());
        assertEquals("write failed: UNAVAILABLE", s3.get("error").asText());
        assertEquals("error", s3.get("status").asText());
    }

    @Test
    public void aSwitchWithoutBankOrModelShowsDashes() {
        DeviceModelState blank = new DeviceModelState(S1, DeviceModelState.NO_BANK, null, 0, null, 0);
        start(ImmutableList.of(ttlModel), Optional.empty(), ImmutableMap.of(S1, blank));

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        JsonNode row = conn.only(DATA_RESP).get(ROWS).get(0);
        assertEquals("", row.get("active").asText());
        assertEquals("0 of 1", row.get("switches").asText());
        ObjectNode payload = conn.only(DEVICES_RESP);
        assertEquals("-", payload.get("activeModel").asText());
        JsonNode s1 = payload.get("devices").get(0);
        assertEquals("-", s1.get("bank").asText());
        assertEquals("-", s1.get("model").asText());
        assertEquals("-", s1.get("updated").asText());
        assertEquals("empty", s1.get("status").asText());
    }

    @Test
    public void noModelsSaySo() {
        start(ImmutableList.of(), Optional.empty(), ImmutableMap.of());

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));

        ObjectNode response = conn.only(DATA_RESP);
        assertEquals(0, response.get(ROWS).size());
        assertTrue(response.get("annots").get("no_rows_msg").asText().startsWith("No models"));
        assertEquals(0, conn.only(DEVICES_RESP).get("devices").size());
    }

    @Test
    public void modelEventsPushTheTableAndSwitchesWhileTheViewWatches() throws Exception {
        Capture<NidsModelListener> listener = Capture.newInstance();
        modelService.addListener(capture(listener));
        expectLastCall().once();
        modelService.removeListener(anyObject(NidsModelListener.class));
        expectLastCall().once();
        List<ModelBundle> stored = new ArrayList<>(ImmutableList.of(ttlModel));
        expect(modelService.models()).andAnswer(() -> ImmutableList.copyOf(stored)).anyTimes();
        start(null, Optional.empty(), ImmutableMap.of());

        handler.process(message(DATA_REQ, MAPPER.createObjectNode()));
        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", true)));
        assertTrue(handler.watching());

        stored.add(portModel);
        listener.getValue().event(new NidsModelEvent(NidsModelEvent.Type.MODEL_ADDED, portModel.modelId()));
        waitForPushes();

        List<ObjectNode> tables = conn.payloads(DATA_RESP);
        assertEquals("the request, then one push", 2, tables.size());
        assertEquals("the pushed table has the new model", 2, tables.get(1).get(ROWS).size());
        assertEquals("each table is followed by the switches", 2, conn.payloads(DEVICES_RESP).size());

        handler.process(message(WATCH_REQ, MAPPER.createObjectNode().put("watch", false)));
        assertFalse(handler.watching());
        listener.getValue().event(new NidsModelEvent(NidsModelEvent.Type.MODEL_REMOVED, portModel.modelId()));
        waitForPushes();
        assertEquals("no push once the view stopped watching", 2, conn.payloads(DATA_RESP).size());

        handler.destroy();
        handler.destroy();
        verify(modelService);
    }

    @Test
    public void aModelsTreeHasTestsInFeatureUnitsLeafConfidenceFiringLeavesAndItsEntries() {
        ModelBundle counted = bundle(DecisionTree.of(
                new SplitNode(L4_DST_PORT, 9000, new LeafNode(0, new long[]{90, 10}), new LeafNode(1, new long[]{5, 45}),
                              new long[]{95, 55}), List.of("Benign", "Attack")), "counted", "2026-03-03T12:00:00Z");
        int attackLeaf = ((LeafNode) ((SplitNode) counted.phases().get(0).tree().root()).greater()).leafId();
        long now = System.currentTimeMillis();
        NidsFlowRecordService flows = mock(NidsFlowRecordService.class);
        FlowKey key = FlowKey.of(Ip4Address.valueOf("10.0.0.1"), Ip4Address.valueOf("10.0.0.3"), 40000, 9999, 6);
        FlowRecord firing = FlowRecord.builder().deviceId(S1).ingressPort(PortNumber.portNumber(1)).key(key).reason("ALERT").modelId(counted.modelId()).classId(1)
                .leafId(attackLeaf).receivedMillis(now - 1000).build();
        FlowRecord old = FlowRecord.builder().deviceId(S1).ingressPort(PortNumber.portNumber(1)).key(key).reason("ALERT").modelId(counted.modelId()).classId(0)
                .leafId(attackLeaf - 1).receivedMillis(now - 120_000).build();
        FlowRecord otherModel = FlowRecord.builder().deviceId(S1).ingressPort(PortNumber.portNumber(1)).key(key).reason("ALERT").modelId("other").classId(1)
                .leafId(attackLeaf - 1).receivedMillis(now).build();
        expect(flows.recentFlows(Optional.empty(), NidsModelsMessageHandler.FIRING_RECORDS))
                .andReturn(List.of(firing, firing, otherModel, old)).anyTimes();
        expect(modelService.models()).andReturn(List.of(counted)).anyTimes();
        replay(modelService, flows);
        handler.init(conn.connection, UiTestSupport.directory(ImmutableMap.of(NidsModelService.class, modelService,
                                                                              NidsFlowRecordService.class, flows)));

        handler.process(message(NidsModelsMessageHandler.TREE_REQ,
                                MAPPER.createObjectNode().put("id", counted.modelId())));
        handler.process(message(NidsModelsMessageHandler.TREE_REQ, MAPPER.createObjectNode().put("id", "nope")));

        List<ObjectNode> trees = conn.payloads(NidsModelsMessageHandler.TREE_RESP);
        JsonNode root = trees.get(0).get("root");
        assertEquals("L4_DST_PORT", root.get("feature").asText());
        assertEquals(9000, root.get("threshold").asLong());
        assertEquals(150, root.get("samples").asLong());
        JsonNode benign = root.get("le");
        assertEquals("Benign", benign.get("class").asText());
        assertEquals(0.9, benign.get("confidence").asDouble(), 1e-9);
        assertEquals(0, benign.get("firing").asLong());
        JsonNode attack = root.get("gt");
        assertEquals("Attack", attack.get("class").asText());
        assertEquals(0.9, attack.get("confidence").asDouble(), 1e-9);
        assertEquals(50, attack.get("samples").asLong());
        assertEquals(2, attack.get("firing").asLong());
        JsonNode cost = trees.get(0).get("cost");
        assertEquals(counted.phases().get(0).compiled().decisionEntries().size(), cost.get("decisionEntries").asInt());
        assertEquals(counted.phases().get(0).compiled().featureEntries().size(),
                     cost.get("rangeEntriesPerFeature").get("L4_DST_PORT").asInt());
        assertEquals("No model nope", trees.get(1).get("error").asText());
    }

    private void waitForPushes() throws Exception {
        UiTestSupport.waitForPushes(pushExecutor);
    }
}
