/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.junit.After;
import org.junit.Before;
import org.onlab.junit.TestUtils;
import org.onosproject.codec.CodecService;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.RecordingAudit;
import org.onosproject.nids.codec.NidsTestModels;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
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
    /** What the commands recorded in the audit log; everybody is an admin. */
    final RecordingAudit audit = RecordingAudit.everybodyAdmin();
    /** The services the commands find; the NIDS codecs are registered as the app registers them. */
    final Map<Class<?>, Object> services = new HashMap<>(Map.of(CodecService.class,
                                                                new NidsTestModels.CodecRegistry(),
                                                                NidsAuditService.class, audit));

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
