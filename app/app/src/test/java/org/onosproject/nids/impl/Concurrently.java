/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntConsumer;

/** Work on several threads started at the same moment, for tests of concurrent store users. */
public final class Concurrently {

    private Concurrently() {
    }

    /**
     * Runs {@code work(thread)} on {@code threads} threads released together and waits for all of them.
     *
     * @param threads how many
     * @param work    a thread's work, given its number (0..threads-1)
     * @throws Exception the first thread's failure (ExecutionException), or a timeout after 60 s
     */
    public static void run(int threads, IntConsumer work) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    work.accept(thread);
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
