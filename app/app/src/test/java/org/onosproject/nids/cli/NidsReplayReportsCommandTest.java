/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.api.NidsException;

import java.io.File;
import java.nio.file.Files;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The replay command reads the frames file `make bench-app` writes, and refuses a truncated or empty one by name.
 */
public class NidsReplayReportsCommandTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private String file(byte[] content) throws Exception {
        File f = folder.newFile();
        Files.write(f.toPath(), content);
        return f.getPath();
    }

    @Test
    public void readsLengthPrefixedFrames() throws Exception {
        List<byte[]> frames = NidsReplayReportsCommand.readFrames(file(new byte[]{0, 2, 7, 8, 0, 1, 9}));
        assertEquals(2, frames.size());
        assertArrayEquals(new byte[]{7, 8}, frames.get(0));
        assertArrayEquals(new byte[]{9}, frames.get(1));
    }

    @Test
    public void refusesTruncatedAndEmptyFiles() throws Exception {
        for (byte[] content : List.of(new byte[]{0, 5, 1, 2}, new byte[0])) {
            try {
                NidsReplayReportsCommand.readFrames(file(content));
                fail("accepted " + content.length + " bytes");
            } catch (NidsException e) {
                assertEquals(NidsException.Kind.INVALID, e.kind());
                assertTrue(e.getMessage(), e.getMessage().contains("frame"));
            }
        }
    }
}
