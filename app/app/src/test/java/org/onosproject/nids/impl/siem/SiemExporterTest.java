/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.api.SiemExportStats;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** {@link SiemExporter}: a bounded queue whose overflow is dropped and counted, and outputs swapped at run time. */
public class SiemExporterTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private SiemExporter exporter;

    @After
    public void tearDown() {
        if (exporter != null) {
            exporter.close();
        }
    }

    private SiemExportConfig fileConfig(Path file, int queueSize) {
        return new SiemExportConfig(file, 1 << 20, 2, List.of(), 16, queueSize);
    }

    private static Supplier<EveEvent> event(int i) {
        return () -> new EveEvent("alert", 0, 4, "{\"n\":" + i + "}");
    }

    /** @return events the first output wrote; 0 before the export thread opened it */
    private long sent() {
        List<SiemExportStats.Output> outputs = exporter.stats(null).outputs();
        return outputs.isEmpty() ? 0 : outputs.get(0).sent();
    }

    private static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(20);
        }
    }

    @Test
    public void aFullQueueDropsAndCountsInsteadOfBlockingTheCaller() throws Exception {
        Path file = folder.getRoot().toPath().resolve("eve.json");
        exporter = new SiemExporter(fileConfig(file, 3), "h", System::currentTimeMillis);
        CountDownLatch taken = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        // The first event holds the export thread (a store that answers slowly): the queue fills behind it.
        assertTrue(exporter.submit(() -> {
            taken.countDown();
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new EveEvent("alert", 0, 4, "{\"n\":0}");
        }));
        assertTrue(taken.await(10, TimeUnit.SECONDS));
        int accepted = 0;
        for (int i = 1; i <= 10; i++) {
            accepted += exporter.submit(event(i)) ? 1 : 0;
        }
        assertEquals(3, accepted);
        SiemExportStats stats = exporter.stats(null);
        assertEquals(3, stats.queueCapacity());
        assertEquals(3, stats.queueDepth());
        assertEquals(4, stats.eventsQueued());
        assertEquals(7, stats.eventsDropped());

        release.countDown();
        waitFor("4 lines written", () -> sent() == 4);
        exporter.close();
        exporter = null;
        assertEquals(List.of("{\"n\":0}", "{\"n\":1}", "{\"n\":2}", "{\"n\":3}"), Files.readAllLines(file));
    }

    @Test
    public void anEventThatCannotBeMadeIsDroppedAndTheNextGoesOut() throws Exception {
        Path file = folder.getRoot().toPath().resolve("eve.json");
        exporter = new SiemExporter(fileConfig(file, 10), "h", System::currentTimeMillis);
        exporter.submit(() -> {
            throw new IllegalStateException("store timed out");
        });
        exporter.submit(event(1));
        waitFor("one line written", () -> sent() == 1);
        assertEquals(1, exporter.stats(null).eventsDropped());
    }

    @Test
    public void nothingIsQueuedWhenNothingIsConfigured() {
        exporter = new SiemExporter(SiemExportConfig.DEFAULT, "h", System::currentTimeMillis);
        assertFalse(exporter.submit(event(1)));
        assertEquals(0, exporter.stats(null).eventsQueued());
        assertEquals(0, exporter.stats(null).eventsDropped());
    }

    @Test
    public void aNewConfigurationSwitchesTheOutputs() throws Exception {
        Path first = folder.getRoot().toPath().resolve("first.json");
        Path second = folder.getRoot().toPath().resolve("second.json");
        exporter = new SiemExporter(fileConfig(first, 10), "h", System::currentTimeMillis);
        exporter.submit(event(1));
        waitFor("first file written", () -> exporter.stats(null).outputs().size() == 1
                && sent() == 1);
        exporter.reconfigure(fileConfig(second, 10));
        exporter.submit(event(2));
        waitFor("second file written", () -> exporter.stats(null).outputs().get(0).name().equals("file:" + second)
                && sent() == 1);
        exporter.close();
        exporter = null;
        assertEquals(List.of("{\"n\":1}"), Files.readAllLines(first));
        assertEquals(List.of("{\"n\":2}"), Files.readAllLines(second));
    }
}
