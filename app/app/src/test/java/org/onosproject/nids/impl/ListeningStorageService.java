/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.store.service.AsyncAtomicValue;
import org.onosproject.store.service.AtomicValueBuilder;
import org.onosproject.store.service.AtomicValueEvent;
import org.onosproject.store.service.AtomicValueEventListener;
import org.onosproject.store.service.TestStorageService;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * ONOS's TestStorageService, except that atomic values tell their listeners of every change, as ONOS's do (the test
 * one ignores listeners).
 */
final class ListeningStorageService extends TestStorageService {

    @Override
    public <V> AtomicValueBuilder<V> atomicValueBuilder() {
        return new AtomicValueBuilder<>() {
            @Override
            public AsyncAtomicValue<V> build() {
                return new ListeningAtomicValue<>(name());
            }
        };
    }

    /** An atomic value in memory whose changes reach its listeners synchronously. */
    private static final class ListeningAtomicValue<V> implements AsyncAtomicValue<V> {
        private final String name;
        private final AtomicReference<V> ref = new AtomicReference<>();
        private final List<AtomicValueEventListener<V>> listeners = new CopyOnWriteArrayList<>();

        ListeningAtomicValue(String name) {
            this.name = name;
        }

        private void changed(V oldValue, V newValue) {
            if (!Objects.equals(oldValue, newValue)) {
                AtomicValueEvent<V> event = new AtomicValueEvent<>(name, newValue, oldValue);
                listeners.forEach(l -> l.event(event));
            }
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public CompletableFuture<Boolean> compareAndSet(V expect, V update) {
            boolean set = ref.compareAndSet(expect, update);
            if (set) {
                changed(expect, update);
            }
            return CompletableFuture.completedFuture(set);
        }

        @Override
        public CompletableFuture<V> get() {
            return CompletableFuture.completedFuture(ref.get());
        }

        @Override
        public CompletableFuture<V> getAndSet(V value) {
            V old = ref.getAndSet(value);
            changed(old, value);
            return CompletableFuture.completedFuture(old);
        }

        @Override
        public CompletableFuture<Void> set(V value) {
            getAndSet(value);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> addListener(AtomicValueEventListener<V> listener) {
            listeners.add(listener);
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public CompletableFuture<Void> removeListener(AtomicValueEventListener<V> listener) {
            listeners.remove(listener);
            return CompletableFuture.completedFuture(null);
        }
    }
}
