/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.pi.PiPipeconfServiceAdapter;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;

/**
 * The pipeconf is registered with ONOS on activation and withdrawn on deactivation.
 */
public class NidsPipeconfLoaderTest {

    private RecordingPipeconfService service;
    private NidsPipeconfLoader loader;

    /** A pipeconf service that keeps what it is given, as ONOS's does. */
    static class RecordingPipeconfService extends PiPipeconfServiceAdapter {
        final Map<PiPipeconfId, PiPipeconf> registered = new HashMap<>();
        final List<String> calls = new ArrayList<>();

        @Override
        public void register(PiPipeconf pipeconf) {
            if (registered.containsKey(pipeconf.id())) {
                throw new IllegalStateException("already registered");
            }
            registered.put(pipeconf.id(), pipeconf);
            calls.add("register");
        }

        @Override
        public void unregister(PiPipeconfId id) {
            registered.remove(id);
            calls.add("unregister");
        }

        @Override
        public Optional<PiPipeconf> getPipeconf(PiPipeconfId id) {
            return Optional.ofNullable(registered.get(id));
        }
    }

    @Before
    public void setUp() {
        service = new RecordingPipeconfService();
        loader = new NidsPipeconfLoader();
        loader.pipeconfService = service;
    }

    @Test
    public void activationRegistersThePipeconfWithItsBehavioursAndExtensions() {
        loader.activate();
        PiPipeconf pipeconf = service.registered.get(NidsPipeconfLoader.PIPECONF_ID);
        assertTrue(pipeconf != null);
        assertTrue(pipeconf.hasBehaviour(PiPipelineInterpreter.class));
        assertEquals(NidsInterpreter.class, pipeconf.implementation(PiPipelineInterpreter.class).get());
        assertEquals(NidsPipeliner.class, pipeconf.implementation(Pipeliner.class).get());
        assertTrue(pipeconf.extension(P4_INFO_TEXT).isPresent());
        assertTrue(pipeconf.extension(BMV2_JSON).isPresent());
        assertFalse(pipeconf.pipelineModel().tables().isEmpty());
    }

    @Test
    public void deactivationUnregistersThePipeconf() {
        loader.activate();
        loader.deactivate();
        assertTrue(service.registered.isEmpty());
    }

    @Test
    public void reactivationReplacesAStalePipeconfInsteadOfFailing() {
        loader.activate();
        loader.activate();
        assertEquals(List.of("register", "unregister", "register"), service.calls);
        assertEquals(1, service.registered.size());
    }
}
