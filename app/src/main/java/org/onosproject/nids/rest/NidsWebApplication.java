/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.rest.AbstractWebApplication;

import java.util.Set;

/**
 * The NIDS REST API, served under /onos/nids.
 */
public class NidsWebApplication extends AbstractWebApplication {
    @Override
    public Set<Class<?>> getClasses() {
        return getClasses(HealthWebResource.class);
    }
}
