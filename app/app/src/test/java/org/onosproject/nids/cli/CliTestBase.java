/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.junit.After;
import org.junit.Before;
import org.onlab.junit.TestUtils;
import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.AuditEntry;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.codec.NidsTestModels;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs NIDS commands outside Karaf: services come from a map (the commands look them up with getService), and
 * stdout/stderr (where AbstractShellCommand prints) are captured.
 */
abstract class CliTestBase {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream originalOut;
    private PrintStream originalErr;
    /** The services the commands find; the NIDS codecs are registered as the app registers them. */
    final Map<Class<?>, Object> services = new HashMap<>(Map.of(CodecService.class,
                                                                new NidsTestModels.CodecRegistry(),
                                                                NidsAuditService.class, new RecordingAudit()));
    /** What the commands recorded in the audit log: user, action, target, result. */
    final List<List<String>> audited = new ArrayList<>();

    /** An audit log that records in {@link #audited}; everybody is an admin. */
    private final class RecordingAudit implements NidsAuditService {
        @Override
        public boolean hasRole(String user, String role) {
            return true;
        }

        @Override
        public void record(String user, String action, String target, String result) {
            audited.add(List.of(user, action, target, result));
        }

        @Override
        public List<AuditEntry> entries(int limit) {
            return List.of();
        }

        @Override
        public long evicted() {
            return 0;
        }
    }

    @Before
    public void captureOutput() {
        originalOut = System.out;
        originalErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @After
    public void restoreOutput() {
        System.setOut(originalOut);
        System.setErr(originalErr);
    }

    String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    /** Looks services up in {@link #services}. */
    <T> T service(Class<T> serviceClass) {
        Object service = services.get(serviceClass);
        if (service == null) {
            throw new IllegalStateException("test has no " + serviceClass.getSimpleName());
        }
        return serviceClass.cast(service);
    }

    /** Sets the -j option AbstractShellCommand declares. */
    static void jsonOutput(NidsCommand command) throws Exception {
        TestUtils.setField(command, "json", true);
    }
}
