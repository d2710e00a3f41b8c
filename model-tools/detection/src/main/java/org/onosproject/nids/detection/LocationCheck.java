/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/**
 * What one report says about where its flow's source is (issue 14: a block drops the source where the network
 * locates it, so it must be where the attack came from). The app decides it per report from the report's switch and
 * ingress port, the fabric's edge ports and ONOS's host locations; see docs/blocking.md.
 */
public enum LocationCheck {
    /** The reported packet entered the fabric at an edge port where ONOS locates the source. */
    MATCH,
    /**
     * The reported packet entered at an edge port where neither the source nor the flow's server is located: someone
     * else sent it with the source's address (spoofed).
     */
    MISMATCH,
    /**
     * The reported packet says nothing about the source: it came in on a transit port or from the server's own port
     * (a reply), or it was a probe.
     */
    NEUTRAL,
    /** ONOS locates no host with the source's address. */
    UNKNOWN,
    /** Nobody checked: an offline replay (nids-model simulate, eval) has no host locations. */
    UNCHECKED
}
