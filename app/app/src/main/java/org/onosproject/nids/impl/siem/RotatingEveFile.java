/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * EVE events as JSON lines in a file of bounded size, Suricata's eve.json: when the next line would take the file
 * past {@code maxBytes}, it is renamed {@code eve.json.1} (the older ones shift to {@code .2} …) and a new file is
 * started; {@code count} files are kept, the current one included. An existing file is appended to. A line never
 * spans two files.
 */
final class RotatingEveFile extends EveOutput {

    private final Path path;
    private final long maxBytes;
    private final int count;
    private OutputStream out;
    private long size;

    /**
     * @param path     the current file
     * @param maxBytes rotation size
     * @param count    files kept, >= 1 (1: the file is started anew when full)
     */
    RotatingEveFile(Path path, long maxBytes, int count) {
        super("file:" + path);
        checkArgument(count >= 1, "count %s", count);
        this.path = path;
        this.maxBytes = maxBytes;
        this.count = count;
    }

    @Override
    void send(EveEvent event) throws IOException {
        byte[] line = (event.json() + "\n").getBytes(StandardCharsets.UTF_8);
        if (out == null) {
            open();
        }
        if (size > 0 && size + line.length > maxBytes) {
            rotate();
        }
        try {
            out.write(line);
        } catch (IOException e) {
            closeQuietly();  // reopened (and its size read again) by the next event
            throw e;
        }
        size += line.length;
    }

    @Override
    void flush() {
        if (out != null) {
            try {
                out.flush();
            } catch (IOException e) {
                closeQuietly();
            }
        }
    }

    private void open() throws IOException {
        out = new BufferedOutputStream(Files.newOutputStream(path, StandardOpenOption.CREATE,
                                                             StandardOpenOption.APPEND, StandardOpenOption.WRITE));
        size = Files.size(path);
    }

    private void rotate() throws IOException {
        out.close();
        out = null;
        if (count == 1) {
            Files.deleteIfExists(path);
        } else {
            Files.deleteIfExists(rotated(count - 1));
            for (int i = count - 2; i >= 1; i--) {
                if (Files.exists(rotated(i))) {
                    Files.move(rotated(i), rotated(i + 1), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            Files.move(path, rotated(1), StandardCopyOption.REPLACE_EXISTING);
        }
        open();
    }

    /** @return {@code path.i} */
    Path rotated(int i) {
        return path.resolveSibling(path.getFileName() + "." + i);
    }

    private void closeQuietly() {
        try {
            if (out != null) {
                out.close();
            }
        } catch (IOException e) {
            // already failing; the next event tries again
        } finally {
            out = null;
        }
    }

    @Override
    public void close() {
        flush();
        closeQuietly();
    }
}
