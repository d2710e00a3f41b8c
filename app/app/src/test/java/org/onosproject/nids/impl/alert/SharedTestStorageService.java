/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.onosproject.store.service.AtomicIdGeneratorBuilder;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestAtomicIdGenerator;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.util.HashMap;
import java.util.Map;

/**
 * ONOS's TestStorageService, except that a map or id generator built twice under one name is the same primitive,
 * as in ONOS's storage: what lets a test reload the alert store and find its alerts.
 */
final class SharedTestStorageService extends TestStorageService {

    private final Map<String, Object> primitives = new HashMap<>();

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                return (ConsistentMap<K, V>) primitives.computeIfAbsent("map:" + name(), n -> super.build());
            }
        };
    }

    @Override
    public AtomicIdGeneratorBuilder atomicIdGeneratorBuilder() {
        return new TestAtomicIdGenerator.Builder() {
            @Override
            public TestAtomicIdGenerator build() {
                return (TestAtomicIdGenerator) primitives.computeIfAbsent("ids:" + name(), n -> super.build());
            }
        };
    }
}
