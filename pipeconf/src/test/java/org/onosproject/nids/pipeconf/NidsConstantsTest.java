/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.BeforeClass;
import org.junit.Test;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiPacketMetadataId;
import org.onosproject.net.pi.model.PiPacketOperationModel;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiRegisterId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * The generated constants name exactly what the packaged P4Info holds, with the same bit widths.
 */
public class NidsConstantsTest {

    private static PiPipelineModel model;

    @BeforeClass
    public static void parseP4Info() {
        model = NidsPipeconfLoader.pipelineModel();
    }

    private static <T> Set<T> constantsOfType(Class<T> type) throws IllegalAccessException {
        Set<T> values = new HashSet<>();
        for (Field field : NidsConstants.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType().equals(type)) {
                values.add(type.cast(field.get(null)));
            }
        }
        return values;
    }

    private static int intConstant(String name) throws ReflectiveOperationException {
        return NidsConstants.class.getField(name).getInt(null);
    }

    private static String constantName(String p4Name) {
        return p4Name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("[^A-Za-z0-9]+", "_").toUpperCase();
    }

    @Test
    public void everyTableHasAConstantAndViceVersa() throws Exception {
        Set<PiTableId> fromModel = model.tables().stream().map(PiTableModel::id).collect(Collectors.toSet());
        assertEquals(fromModel, constantsOfType(PiTableId.class));
    }

    @Test
    public void tableSizesMatch() throws Exception {
        for (PiTableModel table : model.tables()) {
            assertEquals(table.id().toString(), table.maxSize(),
                         intConstant(constantName(table.id().id()) + "_SIZE"));
        }
    }

    @Test
    public void everyMatchFieldHasAConstantWithItsBitWidth() throws Exception {
        Set<PiMatchFieldId> constants = constantsOfType(PiMatchFieldId.class);
        Set<PiMatchFieldId> fromModel = new HashSet<>();
        for (PiTableModel table : model.tables()) {
            for (PiMatchFieldModel field : table.matchFields()) {
                fromModel.add(field.id());
                assertEquals(field.id().toString(), field.bitWidth(),
                             intConstant("HDR_" + constantName(field.id().id()) + "_BITWIDTH"));
            }
        }
        assertEquals(fromModel, constants);
    }

    @Test
    public void everyActionAndParamHasAConstant() throws Exception {
        Set<PiActionId> actions = new HashSet<>();
        Set<PiActionParamId> params = new HashSet<>();
        for (PiTableModel table : model.tables()) {
            for (PiActionModel action : table.actions()) {
                actions.add(action.id());
                action.params().forEach(p -> params.add(p.id()));
            }
        }
        assertTrue(constantsOfType(PiActionId.class).containsAll(actions));
        assertTrue(constantsOfType(PiActionParamId.class).containsAll(params));
    }

    @Test
    public void countersRegistersAndPacketMetadataHaveConstants() throws Exception {
        Set<PiCounterId> counters = model.counters().stream().map(c -> c.id()).collect(Collectors.toSet());
        assertEquals(counters, constantsOfType(PiCounterId.class));
        Set<PiRegisterId> registers = model.registers().stream().map(r -> r.id()).collect(Collectors.toSet());
        assertEquals(registers, constantsOfType(PiRegisterId.class));
        Set<PiPacketMetadataId> metadata = new HashSet<>();
        for (PiPacketOperationType type : PiPacketOperationType.values()) {
            model.packetOperationModel(type).map(PiPacketOperationModel::metadatas)
                    .ifPresent(list -> list.forEach(m -> metadata.add(m.id())));
        }
        assertEquals(metadata, constantsOfType(PiPacketMetadataId.class));
    }
}
