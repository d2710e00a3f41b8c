/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.runtime.PiCounterCell;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiCounterCellId;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.PipelineReadBack;
import org.onosproject.p4runtime.api.P4RuntimeClient;
import org.onosproject.p4runtime.api.P4RuntimeController;
import org.onosproject.p4runtime.api.P4RuntimeReadClient;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.createNiceMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.onlab.util.ImmutableByteSequence.copyFrom;
import static org.onosproject.nids.pipeconf.NidsConstants.BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.CLASSES_PER_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.EPOCH;
import static org.onosproject.nids.pipeconf.NidsConstants.EVICT_BUSY;
import static org.onosproject.nids.pipeconf.NidsConstants.EVICT_IDLE;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_BANK;
import static org.onosproject.nids.pipeconf.NidsConstants.HDR_PHASE;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CFG_SET_CONFIG;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CLASSIFIER_DECISION;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_CLASSIFIER_PHASES;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_FLOWS_EVICT_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_REPORTS_REPORT_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.NIDS_INGRESS_REPORTS_REPORT_DROP_COUNTER;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_ALERT;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_PROBE;

/** The P4Runtime device id from the management address, and the counters read over P4Runtime. */
public class NidsCounterReaderTest {

    private static final DeviceId S1 = DeviceId.deviceId("device:bmv2:s1");

    private NidsCounterReader reader;
    private NetworkConfigService netcfg;

    @Before
    public void setUp() {
        netcfg = createNiceMock(NetworkConfigService.class);
        reader = new NidsCounterReader(null, null, netcfg);
    }

    // ------------------------------------------------------------------------------------ device id

    @Test
    public void theDeviceIdComesFromTheQueryOfTheManagementAddress() {
        assertEquals(Optional.of(1L), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id=1"));
        assertEquals(Optional.of(7L), NidsCounterReader.p4DeviceIdOf("grpc://mn:50002?x=y&device_id=7"));
        assertEquals(Optional.of(0L), NidsCounterReader.p4DeviceIdOf("grpc://mn:50002?device_id=0&x=y"));
    }

    @Test
    public void anAddressWithoutADeviceIdHasNone() {
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?deviceid=1"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id"));
    }

    @Test
    public void aGarbledAddressHasNoDeviceId() {
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id=one"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id="));
        assertEquals(Optional.empty(),
                     NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id=99999999999999999999"));
        // Not a URI at all: refused by the parser, which must not escape to the caller.
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://127.0.0.1:50001?device_id=1 2"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf("grpc://[::1:50001?device_id=1"));
        assertEquals(Optional.empty(), NidsCounterReader.p4DeviceIdOf(""));
    }

    @Test
    public void theDeviceIdOfASwitchIsReadFromItsNetcfg() throws Exception {
        BasicDeviceConfig config = new BasicDeviceConfig();
        ObjectMapper mapper = new ObjectMapper();
        config.init(S1, "basic", JsonNodeFactory.instance.objectNode()
                .put("managementAddress", "grpc://mininet:50003?device_id=3"), mapper, c -> { });
        expect(netcfg.getConfig(S1, BasicDeviceConfig.class)).andReturn(config).anyTimes();
        replay(netcfg);

        assertEquals(Optional.of(3L), reader.p4DeviceId(S1));
        assertEquals("no netcfg", Optional.empty(), reader.p4DeviceId(DeviceId.deviceId("device:bmv2:s9")));
    }

    // ------------------------------------------------------------------------------------ counters

    private static PiCounterCell cell(PiCounterId counter, long index, long packets) {
        return new PiCounterCell(PiCounterCellId.ofIndirect(counter, index), packets, packets * 100);
    }

    /** A switch with device id 1 that answers one read with these cells (or fails it). */
    private void switchAnswering(boolean success, List<PiCounterCell> cells) throws Exception {
        switchAnswering(success, cells, List.of());
    }

    /** A switch with device id 1 that answers one read with these cells and table entries (or fails it). */
    private void switchAnswering(boolean success, List<PiCounterCell> cells, List<PiTableEntry> entries)
            throws Exception {
        BasicDeviceConfig config = new BasicDeviceConfig();
        config.init(S1, "basic", JsonNodeFactory.instance.objectNode()
                .put("managementAddress", "grpc://mininet:50001?device_id=1"), new ObjectMapper(), c -> { });
        expect(netcfg.getConfig(S1, BasicDeviceConfig.class)).andReturn(config).anyTimes();
        PiPipeconf pipeconf = createMock(PiPipeconf.class);
        PiPipeconfService pipeconfs = createMock(PiPipeconfService.class);
        expect(pipeconfs.getPipeconf(S1)).andReturn(Optional.of(pipeconf)).anyTimes();
        P4RuntimeReadClient.ReadResponse response = createMock(P4RuntimeReadClient.ReadResponse.class);
        expect(response.isSuccess()).andReturn(success).anyTimes();
        expect(response.explanation()).andReturn("UNAVAILABLE").anyTimes();
        expect(response.all(PiCounterCell.class)).andReturn(cells).anyTimes();
        expect(response.all(PiTableEntry.class)).andReturn(entries).anyTimes();
        P4RuntimeReadClient.ReadRequest request = createMock(P4RuntimeReadClient.ReadRequest.class);
        expect(request.counterCells(anyObject(Iterable.class))).andReturn(request).anyTimes();
        expect(request.defaultTableEntry(anyObject(PiTableId.class))).andReturn(request).anyTimes();
        expect(request.tableEntries(anyObject(Iterable.class))).andReturn(request).anyTimes();
        expect(request.submitSync()).andReturn(response).anyTimes();
        P4RuntimeClient client = createMock(P4RuntimeClient.class);
        expect(client.read(1L, pipeconf)).andReturn(request).anyTimes();
        P4RuntimeController controller = createMock(P4RuntimeController.class);
        expect(controller.get(S1)).andReturn(client).anyTimes();
        replay(netcfg, pipeconf, pipeconfs, response, request, client, controller);
        reader = new NidsCounterReader(controller, pipeconfs, netcfg);
    }

    @Test
    public void classCountersOfOneBankAreItsSliceOfTheCounterAndSkipZeros() throws Exception {
        switchAnswering(true, List.of(
                cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, 0, 900),
                cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, 1, 40),
                cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, 2, 0),
                cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, CLASSES_PER_BANK, 7),
                cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, CLASSES_PER_BANK + 3, 2)));

        assertEquals(Map.of(0, 900L, 1, 40L), reader.classCounters(S1, 0));
        assertEquals(Map.of(0, 7L, 3, 2L), reader.classCounters(S1, 1));
    }

    @Test
    public void reportCountersAreNamedByReason() throws Exception {
        switchAnswering(true, List.of(
                cell(NIDS_INGRESS_REPORTS_REPORT_COUNTER, 0, 11),
                cell(NIDS_INGRESS_REPORTS_REPORT_COUNTER, REASON_ALERT, 42),
                cell(NIDS_INGRESS_REPORTS_REPORT_COUNTER, REASON_PROBE, 8),
                cell(NIDS_INGRESS_REPORTS_REPORT_DROP_COUNTER, REASON_ALERT, 3),
                cell(NIDS_INGRESS_FLOWS_EVICT_COUNTER, EVICT_IDLE, 5),
                cell(NIDS_INGRESS_FLOWS_EVICT_COUNTER, EVICT_BUSY, 2)));

        // evictions: idle and busy flows replaced, together
        assertEquals(Map.of("sent.ALERT", 42L, "sent.PROBE", 8L, "dropped.ALERT", 3L, "evictions", 7L),
                     reader.reportCounters(S1));
    }

    @Test
    public void aFailedReadGivesNoCounters() throws Exception {
        switchAnswering(false, List.of(cell(NIDS_INGRESS_CLASSIFIER_CLASS_COUNTER, 0, 900)));
        assertTrue(reader.classCounters(S1, 0).isEmpty());
        assertTrue(reader.reportCounters(S1).isEmpty());
    }

    @Test
    public void aSwitchWithoutAClientGivesNoCounters() {
        P4RuntimeController controller = createMock(P4RuntimeController.class);
        expect(controller.get(S1)).andReturn(null).anyTimes();
        PiPipeconfService pipeconfs = createNiceMock(PiPipeconfService.class);
        expect(pipeconfs.getPipeconf(S1)).andReturn(Optional.empty()).anyTimes();
        replay(controller, pipeconfs, netcfg);
        reader = new NidsCounterReader(controller, pipeconfs, netcfg);
        assertTrue(reader.classCounters(S1, 0).isEmpty());
        assertTrue(reader.reportCounters(S1).isEmpty());
    }

    // ------------------------------------------------------------------------------------ read-back

    private static PiTableEntry banked(PiTableId table, int bank, int phase) {
        return PiTableEntry.builder().forTable(table)
                .withMatchKey(PiMatchKey.builder()
                                      .addFieldMatch(new PiExactFieldMatch(HDR_BANK, copyFrom((byte) bank)))
                                      .addFieldMatch(new PiExactFieldMatch(HDR_PHASE, copyFrom((short) phase)))
                                      .build())
                .build();
    }

    @Test
    public void theReadBackIsTheConfigsBankAndEpochAndTheEntriesPerBank() throws Exception {
        PiTableEntry config = PiTableEntry.builder().forTable(NIDS_INGRESS_CFG_CONFIG)
                .withAction(PiAction.builder().withId(NIDS_INGRESS_CFG_SET_CONFIG)
                                    .withParameter(new PiActionParam(BANK, 1))
                                    .withParameter(new PiActionParam(EPOCH, 7))
                                    .build())
                .build();
        switchAnswering(true, List.of(), List.of(
                config,
                banked(NIDS_INGRESS_CLASSIFIER_PHASES, 1, 0), banked(NIDS_INGRESS_CLASSIFIER_DECISION, 1, 0),
                banked(NIDS_INGRESS_CLASSIFIER_DECISION, 1, 0), banked(NIDS_INGRESS_CLASSIFIER_PHASES, 0, 4)));

        assertEquals(Optional.of(new PipelineReadBack(1, 7, Map.of(1, 3, 0, 1))), reader.readBack(S1));
    }

    @Test
    public void aFailedReadGivesNoReadBack() throws Exception {
        switchAnswering(false, List.of(), List.of());
        assertEquals(Optional.empty(), reader.readBack(S1));
    }

    @Test
    public void aReadWithoutTheConfigEntryGivesNoReadBack() throws Exception {
        switchAnswering(true, List.of(), List.of(banked(NIDS_INGRESS_CLASSIFIER_PHASES, 0, 4)));
        assertEquals(Optional.empty(), reader.readBack(S1));
    }
}
