/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.api.RolloutResult.DeviceResult;
import org.onosproject.nids.api.RolloutResult.Outcome;
import org.onosproject.nids.api.RolloutResult;
import org.onosproject.nids.codec.NidsTestModels;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.ArrayList;
import java.util.List;

import static org.easymock.EasyMock.createMock;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.replay;
import static org.easymock.EasyMock.verify;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** nids-models, nids-activate, nids-rollback and the model-id completer. */
public class NidsModelCommandsTest extends CliTestBase {

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private final ModelBundle older = NidsTestModels.binary("older model", "2026-01-15T10:00:00Z");
    private final ModelBundle newer = NidsTestModels.multiClass("newer model", "2026-02-01T09:30:00Z");
    private NidsModelService service;

    @Before
    public void setUpService() {
        service = createMock(NidsModelService.class);
        services.put(NidsModelService.class, service);
    }

    private NidsModelsCommand modelsCommand() {
        return new NidsModelsCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    private NidsActivateCommand activateCommand(String modelId) {
        NidsActivateCommand command = new NidsActivateCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
        command.modelId = modelId;
        return command;
    }

    private NidsRollbackCommand rollbackCommand() {
        return new NidsRollbackCommand() {
            @Override
            public <T> T getService(Class<T> serviceClass) {
                return service(serviceClass);
            }
        };
    }

    @Test
    public void commandNamesAreTheContract() throws Exception {
        assertEquals("nids-models", NidsModelsCommand.class.getAnnotation(Command.class).name());
        assertEquals("nids-activate", NidsActivateCommand.class.getAnnotation(Command.class).name());
        assertEquals("nids-rollback", NidsRollbackCommand.class.getAnnotation(Command.class).name());
        assertEquals("nids-devices", NidsDevicesCommand.class.getAnnotation(Command.class).name());
        assertEquals("onos", NidsModelsCommand.class.getAnnotation(Command.class).scope());
        java.lang.reflect.Field modelId = NidsActivateCommand.class.getDeclaredField("modelId");
        assertTrue(modelId.getAnnotation(Argument.class).required());
        assertEquals(ModelIdCompleter.class, modelId.getAnnotation(Completion.class).value());
    }

    @Test
    public void modelsTableMarksTheActiveModel() {
        expect(service.summaries()).andReturn(List.of(ModelSummary.of(older, false, NidsTestModels.CATALOG),
                                                      ModelSummary.of(newer, true, NidsTestModels.CATALOG)));
        replay(service);

        modelsCommand().doExecute();

        String[] lines = out().split("\\R");
        assertEquals(3, lines.length);
        assertEquals(NidsModelsCommand.HEADER, lines[0]);
        assertThat(lines[1], startsWith("  " + older.modelId()));
        assertThat(lines[1], containsString("older model"));
        assertThat(lines[2], startsWith("* " + newer.modelId()));
        assertThat(lines[2], containsString(" 2026-02-01T09:30:00Z       3        2      3 "));
        verify(service);
    }

    @Test
    public void modelsSaysWhenNothingIsStored() {
        expect(service.summaries()).andReturn(List.of());
        replay(service);
        modelsCommand().doExecute();
        assertEquals("No models stored.", out().strip());
    }

    @Test
    public void modelsJsonIsTheRestListing() throws Exception {
        expect(service.summaries()).andReturn(List.of(ModelSummary.of(older, true, NidsTestModels.CATALOG)));
        replay(service);
        NidsModelsCommand command = modelsCommand();
        jsonOutput(command);
        command.doExecute();
        JsonNode json = new ObjectMapper().readTree(out());
        assertEquals(older.modelId(), json.get("models").get(0).get("id").asText());
        assertTrue(json.get("models").get(0).get("active").asBoolean());
    }

    @Test
    public void activatePrintsEachDeviceAndTheOutcome() {
        expect(service.activate(newer.modelId())).andReturn(new RolloutResult(newer.modelId(), older.modelId(),
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 1, 9, null, 40),
                        new DeviceResult(S2, Outcome.FLIPPED, 1, 9, null, 38)), 80));
        replay(service);

        activateCommand(newer.modelId()).doExecute();

        String[] lines = out().split("\\R");
        assertEquals(3, lines.length);
        assertThat(lines[0], startsWith("device:s1"));
        assertThat(lines[0], containsString("FLIPPED"));
        assertThat(lines[0], containsString("bank=1 entries=9"));
        assertEquals(newer.modelId() + " is active on 2 device(s) (previous: " + older.modelId() + ", 80 ms)",
                lines[2]);
        assertEquals("", err());
        verify(service);
    }

    @Test
    public void activateFailsNamingTheDeviceAndWhy() {
        expect(service.activate(newer.modelId())).andReturn(new RolloutResult(newer.modelId(), older.modelId(),
                List.of(new DeviceResult(S1, Outcome.ROLLED_BACK, 1, 9, null, 40),
                        new DeviceResult(S2, Outcome.FAILED, 1, 0, "write timed out", 3000)), 3050));
        replay(service);
        try {
            activateCommand(newer.modelId()).doExecute();
            fail("a failed rollout must fail the command");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.DEVICE_FAILURE, e.kind());
            assertThat(e.getMessage(), containsString("failed on device:s2: write timed out"));
        }
        assertThat(out(), containsString("write timed out"));
        assertThat(err(), containsString("failed on device:s2"));
    }

    @Test
    public void activateOfAnUnknownModelFails() {
        expect(service.activate("nids-unknown")).andThrow(new NidsException(NidsException.Kind.NOT_FOUND,
                "model nids-unknown is not stored"));
        replay(service);
        try {
            activateCommand("nids-unknown").doExecute();
            fail("activated an unknown model");
        } catch (NidsException e) {
            assertEquals(NidsException.Kind.NOT_FOUND, e.kind());
        }
    }

    @Test
    public void activateJsonIsTheRolloutResult() throws Exception {
        expect(service.activate(newer.modelId())).andReturn(new RolloutResult(newer.modelId(), null,
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 0, 9, null, 40)), 41));
        replay(service);
        NidsActivateCommand command = activateCommand(newer.modelId());
        jsonOutput(command);
        command.doExecute();
        JsonNode json = new ObjectMapper().readTree(out());
        assertEquals("FLIPPED", json.get("devices").get(0).get("outcome").asText());
        assertTrue(json.get("succeeded").asBoolean());
    }

    @Test
    public void rollbackPrintsTheOutcome() {
        expect(service.rollback()).andReturn(new RolloutResult(older.modelId(), newer.modelId(),
                List.of(new DeviceResult(S1, Outcome.FLIPPED, 0, 7, null, 20)), 21));
        replay(service);
        rollbackCommand().doExecute();
        assertThat(out(), containsString(older.modelId() + " is active on 1 device(s) (previous: "
                + newer.modelId()));
        verify(service);
    }

    @Test
    public void rollbackWithoutAnEarlierModelFails() {
        expect(service.rollback()).andThrow(new NidsException(NidsException.Kind.CONFLICT, "no earlier model"));
        replay(service);
        try {
            rollbackCommand().doExecute();
            fail("rolled back to nothing");
        } catch (NidsException e) {
            assertEquals("no earlier model", e.getMessage());
        }
    }

    @Test
    public void completerOffersTheStoredIdsSorted() {
        expect(service.models()).andReturn(List.of(newer, older));
        replay(service);
        List<String> expected = new java.util.ArrayList<>(List.of(newer.modelId(), older.modelId()));
        java.util.Collections.sort(expected);
        assertEquals(expected, ModelIdCompleter.modelIds(service));
    }
}
