/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.easymock.Capture;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onlab.packet.Ip4Address;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.LeadershipService;
import org.onosproject.cluster.NodeId;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertEvent;
import org.onosproject.nids.api.NidsAlertListener;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockEvent;
import org.onosproject.nids.api.NidsBlockListener;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.codec.AlertTestData;
import org.osgi.service.component.ComponentContext;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.anyLong;
import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.expectLastCall;
import static org.easymock.EasyMock.newCapture;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * {@link NidsSiemManager}: new alerts, blocks and unblocks become EVE lines on the leader only; a bad configuration
 * is refused whole, the one in force stays and the stored property is set back.
 */
public class NidsSiemManagerTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final NodeId LOCAL = NodeId.nodeId("local");

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final Capture<NidsAlertListener> alertListener = newCapture();
    private final Capture<NidsBlockListener> blockListener = newCapture();
    private final Map<String, String> setBack = new HashMap<>();
    private NodeId leader = LOCAL;
    private NidsSiemManager manager;
    private Path eveFile;
    private final NidsAlert alert = AlertTestData.alert(42, AlertState.OPEN, AlertTestData.T0);

    @Before
    public void setUp() throws Exception {
        eveFile = folder.getRoot().toPath().resolve("eve.json");
        manager = new NidsSiemManager();
        NidsAlertService alerts = createNiceMock(NidsAlertService.class);
        alerts.addListener(capture(alertListener));
        expect(alerts.alert(42)).andReturn(Optional.of(alert)).anyTimes();
        NidsBlockService blocks = createNiceMock(NidsBlockService.class);
        blocks.addListener(capture(blockListener));
        LeadershipService leadership = createNiceMock(LeadershipService.class);
        expect(leadership.getLeader(NidsSiemManager.LEADERSHIP_TOPIC)).andAnswer(() -> leader).anyTimes();
        ClusterService cluster = createNiceMock(ClusterService.class);
        ControllerNode node = new DefaultControllerNode(LOCAL, "127.0.0.1");
        expect(cluster.getLocalNode()).andReturn(node).anyTimes();
        replay(alerts, blocks, leadership, cluster);
        manager.alertService = alerts;
        manager.blockService = blocks;
        manager.leadershipService = leadership;
        manager.clusterService = cluster;
        manager.componentConfigService = new ComponentConfigAdapter() {
            @Override
            public void setProperty(String componentName, String name, String value) {
                setBack.put(name, value);
            }
        };
        manager.activate(context(Map.of("eveFile", eveFile.toString())));
    }

    @After
    public void tearDown() {
        if (manager != null) {
            manager.deactivate();
        }
    }

    private static ComponentContext context(Map<String, Object> properties) {
        ComponentContext context = createMock(ComponentContext.class);
        expect(context.getProperties()).andReturn(new Hashtable<>(properties)).anyTimes();
        replay(context);
        return context;
    }

    private List<JsonNode> lines(int expected) throws Exception {
        long deadline = System.currentTimeMillis() + 10_000;
        while ((manager.stats().outputs().isEmpty() || manager.stats().outputs().get(0).sent() < expected)
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        manager.deactivate();  // closes (flushes) the file
        manager = null;
        List<JsonNode> json = new java.util.ArrayList<>();
        for (String line : Files.readAllLines(eveFile)) {
            json.add(MAPPER.readTree(line));
        }
        return json;
    }

    @Test
    public void alertsBlocksAndUnblocksBecomeEveLines() throws Exception {
        NidsBlock block = NidsBlock.builder().id("9").src(Ip4Address.valueOf("10.0.0.1")).reason("auto-block")
                .alertId(42L).createdMillis(AlertTestData.T0 + 10).build();
        alertListener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, alert, null));
        alertListener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_UPDATED, alert, null));
        blockListener.getValue().event(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_ADDED, block));
        blockListener.getValue().event(new NidsBlockEvent(NidsBlockEvent.Type.BLOCK_REMOVED, block));

        assertEquals(3, manager.stats().eventsQueued());
        List<JsonNode> lines = lines(3);
        assertEquals(3, lines.size());
        assertEquals("allowed", lines.get(0).get("alert").get("action").asText());
        assertEquals("blocked", lines.get(1).get("alert").get("action").asText());
        assertEquals(42, lines.get(1).get("nids").get("alert_id").asLong());
        assertEquals("nids_block", lines.get(2).get("event_type").asText());
    }

    @Test
    public void anInstanceThatIsNotTheLeaderExportsNothing() throws Exception {
        leader = NodeId.nodeId("other");
        alertListener.getValue().event(new NidsAlertEvent(NidsAlertEvent.Type.ALERT_RAISED, alert, null));
        assertEquals(0, manager.stats().eventsQueued());
    }

    @Test
    public void aBadValueIsRefusedWholeAndTheStoredPropertySetBack() {
        manager.modified(context(Map.of("eveFile", eveFile.toString(), "syslogCollectors", "udp://127.0.0.1:514",
                                        "syslogFacility", "local9")));
        assertTrue(manager.stats().lastRefusal().get().startsWith("syslogFacility=\"local9\""));
        assertEquals(eveFile.toString(), manager.stats().configuration().get("eveFile"));
        assertEquals("", manager.stats().configuration().get("syslogCollectors"));
        assertEquals("local0", manager.stats().configuration().get("syslogFacility"));
        assertEquals(Map.of("syslogCollectors", "", "syslogFacility", "local0"), setBack);
    }
}
