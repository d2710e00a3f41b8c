/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.codec.CodecService;
import org.onosproject.nids.codec.NidsTestModels;

import java.util.HashMap;
import java.util.Map;

/** A service directory over a map, what BaseResource looks services up in during the REST tests. */
final class TestServiceDirectory implements ServiceDirectory {

    /** The NIDS codecs are there as the app registers them. */
    private final Map<Class<?>, Object> services = new HashMap<>(Map.of(CodecService.class,
                                                                        new NidsTestModels.CodecRegistry()));

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
