/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.google.common.io.BaseEncoding;
import com.google.common.io.Resources;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the hand-written packet vectors of src/test/resources/netflow: hex bytes, '#' comments, any whitespace.
 */
final class HexVectors {

    private HexVectors() {
    }

    /**
     * The bytes of a vector.
     *
     * @param name file name under netflow/
     * @return its bytes
     */
    static byte[] load(String name) {
        String text;
        try {
            text = Resources.toString(Resources.getResource("netflow/" + name), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder hex = new StringBuilder();
        for (String line : text.split("\n")) {
            int comment = line.indexOf('#');
            hex.append((comment >= 0 ? line.substring(0, comment) : line).replaceAll("\\s+", ""));
        }
        return BaseEncoding.base16().decode(hex.toString().toUpperCase());
    }

    /**
     * Hex text of bytes, 16 to a line, so a failed comparison shows where the packets differ.
     *
     * @param bytes bytes
     * @return readable hex
     */
    static String dump(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < bytes.length; i++) {
            out.append(i % 16 == 0 ? String.format("%n%04d: ", i) : " ");
            out.append(String.format("%02X", bytes[i]));
        }
        return out.toString();
    }
}
