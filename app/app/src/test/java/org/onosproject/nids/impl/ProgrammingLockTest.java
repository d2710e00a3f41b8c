/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The programming lock waits for the last rollout's old banks to be removed, and not for ever. */
public class ProgrammingLockTest {

    @Test
    public void theNextHolderWaitsForTheOldBanksRemoval() throws Exception {
        ProgrammingLock lock = new ProgrammingLock(() -> 60_000);
        CompletableFuture<Void> removal = new CompletableFuture<>();
        lock.lock();
        lock.removingOldBanks(removal);
        lock.unlock();

        ExecutorService next = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> programmed = next.submit(() -> {
                lock.lock();
                try {
                    return removal.isDone();
                } finally {
                    lock.unlock();
                }
            });
            try {
                programmed.get(200, TimeUnit.MILLISECONDS);
                fail("the lock was taken before the old banks were removed");
            } catch (TimeoutException e) {
                // still waiting, as it should
            }
            removal.complete(null);
            assertTrue("taken once the removal completed", programmed.get(10, TimeUnit.SECONDS));
        } finally {
            next.shutdownNow();
        }
    }

    @Test
    public void aRemovalThatNeverEndsOrFailsDoesNotKeepTheLock() {
        ProgrammingLock lock = new ProgrammingLock(() -> 50);
        lock.removingOldBanks(new CompletableFuture<>());
        lock.lock();
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();

        lock.removingOldBanks(CompletableFuture.failedFuture(new IllegalStateException("channel closed")));
        lock.lock();
        assertTrue(lock.isHeldByCurrentThread());
        lock.unlock();
        assertFalse(lock.isLocked());
    }
}
