/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;

import java.util.HashMap;
import java.util.Map;

/** A service directory over a map, what BaseResource looks services up in during the REST tests. */
final class TestServiceDirectory implements ServiceDirectory {

    private final Map<Class<?>, Object> services = new HashMap<>();

    <T> TestServiceDirectory add(Class<T> serviceClass, T service) {
        services.put(serviceClass, service);
        return this;
    }

    @Override
    public <T> T get(Class<T> serviceClass) {
        Object service = services.get(serviceClass);
        if (service == null) {
            throw new ServiceNotFoundException("no " + serviceClass.getName() + " in the test directory");
        }
        return serviceClass.cast(service);
    }
}
