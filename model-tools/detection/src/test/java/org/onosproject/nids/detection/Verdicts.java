/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/** Verdicts for the tests: a source's flows to a server, seconds as times. */
final class Verdicts {

    private Verdicts() {
    }

    /** A verdict of class 1 named {@code className} on flow src:40000+n → dst:port TCP at {@code seconds}. */
    static FlowVerdict.Builder verdict(double seconds, String src, String dst, int port, String className, int n) {
        return FlowVerdict.builder().timeMicros((long) (seconds * 1_000_000)).flow(src, 40000 + n, dst, port, 6)
                .verdict(1, className, 5).decisionPath("IN_PKTS = 1 <= 2").modelId("nids-test");
    }

    /** The n-th probe of a scan: its own port, its own source port. */
    static FlowVerdict scanProbe(double seconds, String src, int n) {
        return verdict(seconds, src, "10.0.0.3", n, "Scan", n).build();
    }

    static DetectionPolicy policy(String... properties) {
        java.util.Map<String, String> map = new java.util.LinkedHashMap<>();
        for (int i = 0; i < properties.length; i += 2) {
            map.put(properties[i], properties[i + 1]);
        }
        return DetectionPolicy.fromProperties(map);
    }
}
