/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onosproject.net.behaviour.Pipeliner;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiPipelineInterpreter;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.service.PiPipeconfService;
import org.onosproject.nids.api.NidsApp;
import org.onosproject.nids.api.NidsProgrammable;
import org.onosproject.p4runtime.model.P4InfoParser;
import org.onosproject.p4runtime.model.P4InfoParserException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.net.URL;

import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.BMV2_JSON;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Registers the NIDS pipeconf (the compiled P4 program, its interpreter and pipeliner) with ONOS while this bundle
 * is active, so that devices whose netcfg names {@link #PIPECONF_ID} get the pipeline pushed on connection.
 */
@Component(immediate = true, service = NidsPipeconfLoader.class)
public final class NidsPipeconfLoader {

    /** The pipeconf id devices name in their netcfg ("basic.pipeconf"). */
    public static final PiPipeconfId PIPECONF_ID = new PiPipeconfId(NidsApp.PIPECONF_ID);

    static final String P4INFO_PATH = "/p4c-out/bmv2/p4info.txt";
    static final String BMV2_JSON_PATH = "/p4c-out/bmv2/bmv2.json";

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected PiPipeconfService pipeconfService;

    @Activate
    protected void activate() {
        // A pipeconf left by an earlier incarnation of this bundle would make register() throw.
        if (pipeconfService.getPipeconf(PIPECONF_ID).isPresent()) {
            pipeconfService.unregister(PIPECONF_ID);
        }
        pipeconfService.register(buildPipeconf());
        log.info("Registered pipeconf {}", PIPECONF_ID);
    }

    @Deactivate
    protected void deactivate() {
        if (pipeconfService.getPipeconf(PIPECONF_ID).isPresent()) {
            pipeconfService.unregister(PIPECONF_ID);
        }
        log.info("Unregistered pipeconf {}", PIPECONF_ID);
    }

    /**
     * Builds the pipeconf from the compiled outputs packaged in this bundle.
     *
     * @return the NIDS pipeconf
     */
    public static PiPipeconf buildPipeconf() {
        URL p4InfoUrl = resource(P4INFO_PATH);
        URL bmv2JsonUrl = resource(BMV2_JSON_PATH);
        return DefaultPiPipeconf.builder()
                .withId(PIPECONF_ID)
                .withPipelineModel(new AppOwnedTablesModel(pipelineModel(), ClassifierTables.BANKED))
                .addBehaviour(PiPipelineInterpreter.class, NidsInterpreter.class)
                .addBehaviour(Pipeliner.class, NidsPipeliner.class)
                .addBehaviour(NidsProgrammable.class, NidsPipelineProgrammable.class)
                .addExtension(P4_INFO_TEXT, p4InfoUrl)
                .addExtension(BMV2_JSON, bmv2JsonUrl)
                .build();
    }

    /**
     * Parses the packaged P4Info into ONOS's pipeline model.
     *
     * @return the pipeline model
     * @throws IllegalStateException if the P4Info is missing or malformed (a broken build, not a run-time state)
     */
    public static PiPipelineModel pipelineModel() {
        try {
            return P4InfoParser.parse(resource(P4INFO_PATH));
        } catch (P4InfoParserException e) {
            throw new IllegalStateException("Unable to parse " + P4INFO_PATH + ": " + e.getMessage(), e);
        }
    }

    private static URL resource(String path) {
        URL url = NidsPipeconfLoader.class.getResource(path);
        if (url == null) {
            throw new IllegalStateException("Missing pipeline resource " + path + " (run `make p4-build`)");
        }
        return url;
    }
}
