/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.store.service.ConsistentMapException;

import java.util.function.Supplier;

/** Compare-and-set operations on ONOS consistent maps, run again when another instance won the race. */
public final class ConsistentMapRetry {

    /** Attempts of one operation before a concurrent modification is given up on. */
    static final int MAX_ATTEMPTS = 10;

    private ConsistentMapRetry() {
    }

    /**
     * @param operation the operation (reads and writes it again from scratch on each attempt)
     * @param <T>       its result
     * @return its result
     * @throws ConsistentMapException.ConcurrentModification after {@value #MAX_ATTEMPTS} lost races
     */
    public static <T> T retrying(Supplier<T> operation) {
        for (int attempt = 1; ; attempt++) {
            try {
                return operation.get();
            } catch (ConsistentMapException.ConcurrentModification e) {
                if (attempt >= MAX_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }
}
