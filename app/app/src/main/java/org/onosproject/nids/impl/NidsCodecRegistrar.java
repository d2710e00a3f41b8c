/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.codec.CodecService;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.codec.NidsCodecs;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.slf4j.Logger;

import java.util.Map;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Registers the NIDS codecs with ONOS's codec service while the app runs: the REST resources and the CLI commands
 * (and ONOS's own intent REST API, for block intents) get them there with {@code codec(X.class)}. It sits in the app
 * bundle, under both REST and CLI, as ONOS core's codec manager sits under its REST API and CLI.
 */
@Component(immediate = true)
public class NidsCodecRegistrar {

    private final Logger log = getLogger(getClass());

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected CodecService codecService;

    private Map<Class<?>, JsonCodec<?>> registered = Map.of();

    @Activate
    protected void activate() {
        registered = NidsCodecs.codecs();
        registered.forEach(this::register);
        log.info("Registered {} codecs", registered.size());
    }

    @Deactivate
    protected void deactivate() {
        registered.keySet().forEach(codecService::unregisterCodec);
        log.info("Unregistered {} codecs", registered.size());
    }

    @SuppressWarnings("unchecked")
    private <T> void register(Class<T> entityClass, JsonCodec<?> codec) {
        codecService.registerCodec(entityClass, (JsonCodec<T>) codec);
    }
}
