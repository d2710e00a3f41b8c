/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Test;
import org.onlab.packet.ARP;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.MacAddress;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.pi.model.PiPipelineInterpreter.PiInterpreterException;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.onosproject.net.pi.model.PiPacketOperationType.PACKET_IN;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Criteria, treatments and packets of ONOS apps map onto the NIDS pipeline's forwarding and ACL tables.
 */
public class NidsInterpreterTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:bmv2:s1");
    private final NidsInterpreter interpreter = new NidsInterpreter();

    @Test
    public void ethernetIpv4AndL4CriteriaMapToMatchFields() {
        assertEquals(Optional.of(HDR_IG_PORT), interpreter.mapCriterionType(Criterion.Type.IN_PORT));
        assertEquals(Optional.of(HDR_ETH_TYPE), interpreter.mapCriterionType(Criterion.Type.ETH_TYPE));
        assertEquals(Optional.of(HDR_IPV4_SRC), interpreter.mapCriterionType(Criterion.Type.IPV4_SRC));
        assertEquals(Optional.of(HDR_L4_DPORT), interpreter.mapCriterionType(Criterion.Type.TCP_DST));
        assertEquals(Optional.of(HDR_L4_DPORT), interpreter.mapCriterionType(Criterion.Type.UDP_DST));
        assertEquals(Optional.empty(), interpreter.mapCriterionType(Criterion.Type.MPLS_LABEL));
    }

    @Test
    public void flowRuleTableZeroIsTheForwardingTable() {
        assertEquals(Optional.of(NIDS_INGRESS_FWD_TABLE0), interpreter.mapFlowRuleTableId(0));
        assertEquals(Optional.empty(), interpreter.mapFlowRuleTableId(1));
    }

    @Test
    public void outputToAPortSetsTheEgressPort() throws Exception {
        TrafficTreatment treatment = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(3)).build();
        PiAction action = interpreter.mapTreatment(treatment, NIDS_INGRESS_FWD_TABLE0);
        assertEquals(NIDS_INGRESS_FWD_SET_EGRESS_PORT, action.id());
        PiActionParam port = action.parameters().iterator().next();
        assertEquals(PORT, port.id());
        assertEquals(3, NidsInterpreter.unsigned(port.value()));
    }

    @Test
    public void puntAndDropMapToTheirActions() throws Exception {
        TrafficTreatment punt = DefaultTrafficTreatment.builder().punt().build();
        assertEquals(NIDS_INGRESS_FWD_SEND_TO_CPU, interpreter.mapTreatment(punt, NIDS_INGRESS_FWD_TABLE0).id());
        TrafficTreatment drop = DefaultTrafficTreatment.emptyTreatment();
        assertEquals(NIDS_INGRESS_FWD_DROP, interpreter.mapTreatment(drop, NIDS_INGRESS_FWD_TABLE0).id());
        assertEquals(NIDS_INGRESS_FWD_BLOCK, interpreter.mapTreatment(drop, NIDS_INGRESS_FWD_ACL).id());
    }

    @Test
    public void unsupportedTreatmentsAreRefusedWithAReason() {
        TrafficTreatment rewrite = DefaultTrafficTreatment.builder()
                .setEthDst(MacAddress.BROADCAST).setOutput(PortNumber.portNumber(1)).build();
        expectRefusal(rewrite, NIDS_INGRESS_FWD_TABLE0, "one OUTPUT");
        TrafficTreatment forward = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build();
        expectRefusal(forward, NIDS_INGRESS_FWD_ACL, "only drops");
    }

    private void expectRefusal(TrafficTreatment treatment, org.onosproject.net.pi.model.PiTableId table,
                               String reason) {
        try {
            interpreter.mapTreatment(treatment, table);
            fail("expected a refusal");
        } catch (PiInterpreterException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(reason));
        }
    }

    @Test
    public void packetOutCarriesTheEgressPort() throws Exception {
        byte[] frame = arpFrame().serialize();
        TrafficTreatment treatment = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build();
        Collection<PiPacketOperation> ops = interpreter.mapOutboundPacket(
                new DefaultOutboundPacket(DEVICE, treatment, ByteBuffer.wrap(frame)));
        assertEquals(1, ops.size());
        PiPacketOperation op = ops.iterator().next();
        assertArrayEquals(frame, op.data().asArray());
        PiPacketMetadata egress = op.metadatas().iterator().next();
        assertEquals(EGRESS_PORT, egress.id());
        assertEquals(2, NidsInterpreter.unsigned(egress.value()));
    }

    @Test
    public void packetOutToTheControllerPortGoesToTheCpuPort() throws Exception {
        TrafficTreatment treatment = DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build();
        PiPacketOperation op = interpreter.mapOutboundPacket(
                new DefaultOutboundPacket(DEVICE, treatment, ByteBuffer.wrap(arpFrame().serialize())))
                .iterator().next();
        assertEquals(CPU_PORT, NidsInterpreter.unsigned(op.metadatas().iterator().next().value()));
    }

    @Test
    public void packetInIsParsedWithItsIngressPortWhateverTheByteLength() throws Exception {
        byte[] frame = arpFrame().serialize();
        for (ImmutableByteSequence port : List.of(ImmutableByteSequence.copyFrom((byte) 7),
                                                  ImmutableByteSequence.copyFrom((short) 7))) {
            PiPacketOperation packetIn = PiPacketOperation.builder()
                    .withType(PACKET_IN)
                    .withData(ImmutableByteSequence.copyFrom(frame))
                    .withMetadata(PiPacketMetadata.builder().withId(INGRESS_PORT).withValue(port).build())
                    .build();
            InboundPacket inbound = interpreter.mapInboundPacket(packetIn, DEVICE);
            assertEquals(PortNumber.portNumber(7), inbound.receivedFrom().port());
            assertEquals(DEVICE, inbound.receivedFrom().deviceId());
            assertEquals(Ethernet.TYPE_ARP, inbound.parsed().getEtherType());
        }
    }

    @Test
    public void packetInWithoutIngressPortIsRefused() {
        PiPacketOperation packetIn = PiPacketOperation.builder()
                .withType(PACKET_IN)
                .withData(ImmutableByteSequence.copyFrom(arpFrame().serialize()))
                .withMetadatas(new ArrayList<>())
                .build();
        try {
            interpreter.mapInboundPacket(packetIn, DEVICE);
            fail("expected a refusal");
        } catch (PiInterpreterException e) {
            assertTrue(e.getMessage().contains("no"));
        }
    }

    @Test
    public void controllerPortIsTheCpuPort() {
        assertEquals(Optional.of(CPU_PORT), interpreter.mapLogicalPortNumber(PortNumber.CONTROLLER));
        assertEquals(Optional.empty(), interpreter.mapLogicalPortNumber(PortNumber.portNumber(1)));
    }

    private static Ethernet arpFrame() {
        ARP arp = new ARP();
        arp.setHardwareType(ARP.HW_TYPE_ETHERNET).setProtocolType(ARP.PROTO_TYPE_IP)
                .setHardwareAddressLength((byte) 6).setProtocolAddressLength((byte) 4)
                .setOpCode(ARP.OP_REQUEST)
                .setSenderHardwareAddress(MacAddress.valueOf("00:00:00:00:00:01").toBytes())
                .setSenderProtocolAddress(Ip4Address.valueOf("10.0.0.1").toOctets())
                .setTargetHardwareAddress(MacAddress.ZERO.toBytes())
                .setTargetProtocolAddress(Ip4Address.valueOf("10.0.0.2").toOctets());
        Ethernet eth = new Ethernet();
        eth.setEtherType(Ethernet.TYPE_ARP).setSourceMACAddress("00:00:00:00:00:01")
                .setDestinationMACAddress(MacAddress.BROADCAST).setPayload(arp);
        return eth;
    }
}
