/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.rest.AbstractWebApplication;

import java.util.Set;

/**
 * The NIDS REST API, served under /onos/nids (docs/rest-api.md, docs/openapi.yaml).
 */
public class NidsWebApplication extends AbstractWebApplication {
    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(HealthWebResource.class,
                ModelsWebResource.class,
                DevicesWebResource.class,
                AlertsWebResource.class, IncidentsWebResource.class, StatsWebResource.class, FlowsWebResource.class,
                BlocksWebResource.class, AuditWebResource.class,
                NidsExceptionMapper.class,
                ModelExceptionMapper.class);
    }
}
