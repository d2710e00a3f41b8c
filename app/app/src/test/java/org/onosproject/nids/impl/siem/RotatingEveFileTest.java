/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** {@link RotatingEveFile}: whole lines, bounded files, the oldest dropped, failures counted. */
public class RotatingEveFileTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static EveEvent event(int i) {
        // 99 bytes of JSON + the line break: 100 bytes a line
        String json = String.format("{\"event_type\":\"alert\",\"n\":%05d,\"pad\":\"%s\"}", i, "x".repeat(57));
        return new EveEvent("alert", 0, 4, json);
    }

    @Test
    public void rotatesBeforeALineWouldPassTheSizeAndKeepsCountFiles() throws Exception {
        Path path = folder.getRoot().toPath().resolve("eve.json");
        RotatingEveFile file = new RotatingEveFile(path, 250, 3);
        for (int i = 0; i < 9; i++) {
            file.write(event(i));
        }
        file.close();
        // 2 lines a file: 0,1 | 2,3 | 4,5 | 6,7 | 8 — three files kept.
        assertEquals(List.of(event(8).json()), Files.readAllLines(path, StandardCharsets.UTF_8));
        assertEquals(List.of(event(6).json(), event(7).json()), Files.readAllLines(file.rotated(1)));
        assertEquals(List.of(event(4).json(), event(5).json()), Files.readAllLines(file.rotated(2)));
        assertFalse(Files.exists(file.rotated(3)));
        assertEquals(9, file.stats().sent());
        assertEquals(0, file.stats().failed());
        assertEquals("file:" + path, file.stats().name());
    }

    @Test
    public void appendsToAnExistingFileAndCountsItsSize() throws Exception {
        Path path = folder.getRoot().toPath().resolve("eve.json");
        Files.write(path, (event(0).json() + "\n").getBytes(StandardCharsets.UTF_8));
        RotatingEveFile file = new RotatingEveFile(path, 250, 1);
        file.write(event(1));
        file.write(event(2));
        file.close();
        assertEquals(List.of(event(2).json()), Files.readAllLines(path));
    }

    @Test
    public void aFileThatCannotBeWrittenCountsFailuresAndWorksAgainLater() throws Exception {
        Path dir = folder.newFolder("gone").toPath();
        Path path = dir.resolve("eve.json");
        RotatingEveFile file = new RotatingEveFile(path, 4096, 2);
        Files.delete(dir);
        file.write(event(0));
        assertEquals(1, file.stats().failed());
        assertTrue(file.stats().lastError().isPresent());
        Files.createDirectory(dir);
        file.write(event(1));
        file.close();
        assertEquals(1, file.stats().sent());
        assertEquals(List.of(event(1).json()), Files.readAllLines(path));
    }
}
