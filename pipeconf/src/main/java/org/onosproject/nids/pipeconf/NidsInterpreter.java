/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.driver.AbstractHandlerBehaviour;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.instructions.Instruction;
import org.onosproject.net.flow.instructions.Instructions.OutputInstruction;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.onosproject.net.packet.OutboundPacket;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiPacketMetadata;
import org.onosproject.net.pi.runtime.PiPacketOperation;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static java.lang.String.format;
import static org.onlab.util.ImmutableByteSequence.copyFrom;
import static org.onosproject.net.PortNumber.CONTROLLER;
import static org.onosproject.net.PortNumber.FLOOD;
import static org.onosproject.net.flow.instructions.Instruction.Type.OUTPUT;
import static org.onosproject.net.pi.model.PiPacketOperationType.PACKET_OUT;
import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * Maps ONOS's protocol-independent abstractions (flow rules of ONOS apps, packet-in/out) onto the NIDS pipeline.
 * ONOS apps see one forwarding table ("table 0") and the ACL table; the classifier tables are written by the NIDS
 * app with PI criteria and actions directly and need no mapping here.
 */
public class NidsInterpreter extends AbstractHandlerBehaviour implements PiPipelineInterpreter {

    /** Tables whose flow rules come from ONOS apps through criteria and treatments. */
    static final Set<PiTableId> CRITERIA_TABLES = ImmutableSet.of(NIDS_INGRESS_FWD_TABLE0, NIDS_INGRESS_FWD_ACL);

    static final ImmutableMap<Integer, PiTableId> FLOW_RULE_TABLES = ImmutableMap.of(0, NIDS_INGRESS_FWD_TABLE0);

    static final ImmutableMap<Criterion.Type, PiMatchFieldId> CRITERIA = ImmutableMap.<Criterion.Type, PiMatchFieldId>builder()
            .put(Criterion.Type.IN_PORT, HDR_IG_PORT)
            .put(Criterion.Type.ETH_SRC, HDR_ETH_SRC)
            .put(Criterion.Type.ETH_DST, HDR_ETH_DST)
            .put(Criterion.Type.ETH_TYPE, HDR_ETH_TYPE)
            .put(Criterion.Type.IPV4_SRC, HDR_IPV4_SRC)
            .put(Criterion.Type.IPV4_DST, HDR_IPV4_DST)
            .put(Criterion.Type.IP_PROTO, HDR_IP_PROTO)
            .put(Criterion.Type.TCP_SRC, HDR_L4_SPORT)
            .put(Criterion.Type.UDP_SRC, HDR_L4_SPORT)
            .put(Criterion.Type.TCP_DST, HDR_L4_DPORT)
            .put(Criterion.Type.UDP_DST, HDR_L4_DPORT)
            .build();

    @Override
    public Optional<PiMatchFieldId> mapCriterionType(Criterion.Type type) {
        return Optional.ofNullable(CRITERIA.get(type));
    }

    @Override
    public Optional<PiTableId> mapFlowRuleTableId(int flowRuleTableId) {
        return Optional.ofNullable(FLOW_RULE_TABLES.get(flowRuleTableId));
    }

    @Override
    public PiAction mapTreatment(TrafficTreatment treatment, PiTableId piTableId) throws PiInterpreterException {
        if (NIDS_INGRESS_FWD_TABLE0.equals(piTableId)) {
            return forwardingAction(treatment);
        }
        if (NIDS_INGRESS_FWD_ACL.equals(piTableId)) {
            return aclAction(treatment);
        }
        throw new PiInterpreterException(format("Table %s takes PI actions only, not treatments", piTableId));
    }

    /** ONOS writes "drop" as an empty treatment or as a lone NOACTION instruction. */
    private static List<Instruction> effectiveInstructions(TrafficTreatment treatment) {
        return treatment.allInstructions().stream()
                .filter(i -> i.type() != Instruction.Type.NOACTION)
                .collect(Collectors.toList());
    }

    /** Forwarding: output to a port, punt to the controller, or (no instruction) drop. */
    private static PiAction forwardingAction(TrafficTreatment treatment) throws PiInterpreterException {
        List<Instruction> instructions = effectiveInstructions(treatment);
        if (instructions.isEmpty()) {
            return PiAction.builder().withId(NIDS_INGRESS_FWD_DROP).build();
        }
        if (instructions.size() > 1 || instructions.get(0).type() != OUTPUT) {
            throw new PiInterpreterException(format("Forwarding supports one OUTPUT instruction only: %s",
                                                    treatment));
        }
        PortNumber port = ((OutputInstruction) instructions.get(0)).port();
        if (CONTROLLER.equals(port)) {
            return PiAction.builder().withId(NIDS_INGRESS_FWD_SEND_TO_CPU).build();
        }
        if (port.isLogical()) {
            throw new PiInterpreterException(format("Output to logical port %s is not supported", port));
        }
        return PiAction.builder()
                .withId(NIDS_INGRESS_FWD_SET_EGRESS_PORT)
                .withParameter(new PiActionParam(PORT, port.toLong()))
                .build();
    }

    /** ACL: an empty treatment (ONOS's idiom for "drop") blocks; anything else is refused. */
    private static PiAction aclAction(TrafficTreatment treatment) throws PiInterpreterException {
        if (effectiveInstructions(treatment).isEmpty()) {
            return PiAction.builder().withId(NIDS_INGRESS_FWD_BLOCK).build();
        }
        throw new PiInterpreterException(format("The ACL table only drops: %s", treatment));
    }

    @Override
    public Collection<PiPacketOperation> mapOutboundPacket(OutboundPacket packet) throws PiInterpreterException {
        TrafficTreatment treatment = packet.treatment();
        ImmutableList.Builder<PiPacketOperation> operations = ImmutableList.builder();
        for (Instruction instruction : treatment.allInstructions()) {
            if (instruction.type() != OUTPUT) {
                throw new PiInterpreterException(format("Packet-out supports OUTPUT only: %s", treatment));
            }
            PortNumber port = ((OutputInstruction) instruction).port();
            if (CONTROLLER.equals(port)) {
                // Back into the switch's own pipeline through the CPU port: how the app's probes are sent.
                operations.add(packetOut(packet.data(), CPU_PORT));
            } else if (FLOOD.equals(port)) {
                for (PortNumber p : floodPorts(packet.sendThrough())) {
                    operations.add(packetOut(packet.data(), p.toLong()));
                }
            } else if (port.isLogical()) {
                throw new PiInterpreterException(format("Packet-out to logical port %s is not supported", port));
            } else {
                operations.add(packetOut(packet.data(), port.toLong()));
            }
        }
        return operations.build();
    }

    private Collection<PortNumber> floodPorts(DeviceId deviceId) {
        DeviceService deviceService = handler().get(DeviceService.class);
        ImmutableList.Builder<PortNumber> ports = ImmutableList.builder();
        for (Port port : deviceService.getPorts(deviceId)) {
            if (port.isEnabled() && !port.number().isLogical()) {
                ports.add(port.number());
            }
        }
        return ports.build();
    }

    private static PiPacketOperation packetOut(ByteBuffer data, long port) throws PiInterpreterException {
        return PiPacketOperation.builder()
                .withType(PACKET_OUT)
                .withData(copyFrom(data))
                .withMetadata(metadata(EGRESS_PORT, port, EGRESS_PORT_BITWIDTH))
                .build();
    }

    private static PiPacketMetadata metadata(PiPacketMetadataId id, long value, int bitWidth)
            throws PiInterpreterException {
        try {
            return PiPacketMetadata.builder()
                    .withId(id)
                    .withValue(copyFrom(value).fit(bitWidth))
                    .build();
        } catch (ImmutableByteSequence.ByteSequenceTrimException e) {
            throw new PiInterpreterException(format("%s does not fit %s (%d bits)", value, id, bitWidth));
        }
    }

    @Override
    public InboundPacket mapInboundPacket(PiPacketOperation packetIn, DeviceId deviceId)
            throws PiInterpreterException {
        Optional<PiPacketMetadata> ingressPort = packetIn.metadatas().stream()
                .filter(m -> m.id().equals(INGRESS_PORT))
                .findFirst();
        if (ingressPort.isEmpty()) {
            throw new PiInterpreterException(format("Packet-in from %s has no %s metadata", deviceId, INGRESS_PORT));
        }
        byte[] data = packetIn.data().asArray();
        Ethernet frame;
        try {
            frame = Ethernet.deserializer().deserialize(data, 0, data.length);
        } catch (DeserializationException e) {
            throw new PiInterpreterException(format("Malformed packet-in from %s: %s", deviceId, e.getMessage()));
        }
        PortNumber port = PortNumber.portNumber(unsigned(ingressPort.get().value()));
        return new DefaultInboundPacket(new ConnectPoint(deviceId, port), frame, ByteBuffer.wrap(data));
    }

    /**
     * The unsigned value of a P4Runtime byte string. P4Runtime may send the shortest string that holds a value, so
     * no fixed width is assumed.
     *
     * @param bytes big-endian bytes
     * @return the value
     */
    public static long unsigned(ImmutableByteSequence bytes) {
        long value = 0;
        for (byte b : bytes.asArray()) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }

    @Override
    public Optional<Integer> mapLogicalPortNumber(PortNumber port) {
        return CONTROLLER.equals(port) ? Optional.of(CPU_PORT) : Optional.empty();
    }
}
