/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.slf4j.Logger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Held while switches are programmed (one rollout or reconciliation at a time), and taken only once the old banks of
 * the last rollout are removed: a rollout answers once every switch flipped and confirms that removal after the
 * answer ({@link FabricRollout#runUntilFlipped}), and the old banks are where the next model is written.
 */
final class ProgrammingLock extends ReentrantLock {

    private static final long serialVersionUID = 1L;

    private final transient Logger log = getLogger(getClass());
    private final transient LongSupplier waitMillis;
    private transient volatile CompletableFuture<?> oldBanksRemoved = CompletableFuture.completedFuture(null);

    /**
     * @param waitMillis how long to wait at most for a removal (the removal itself gives up after the rollout's
     *                   step timeout; this bounds a lock that would otherwise never be taken)
     */
    ProgrammingLock(LongSupplier waitMillis) {
        this.waitMillis = waitMillis;
    }

    @Override
    public void lock() {
        super.lock();
        CompletableFuture<?> pending = oldBanksRemoved;
        if (pending.isDone()) {
            return;
        }
        long wait = waitMillis.getAsLong();
        try {
            pending.get(wait, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            log.warn("The last rollout's old banks not removed within {} ms; programming goes on", wait);
        } catch (ExecutionException e) {
            log.warn("Removing the last rollout's old banks failed: {}", e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Called with the lock held, by a rollout that answered before its clean-up: the next holder waits for it.
     *
     * @param removal completes once the removal is confirmed or given up
     */
    void removingOldBanks(CompletableFuture<?> removal) {
        oldBanksRemoved = removal;
    }
}
