/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

/**
 * What one report says about where its flow's source is (issue 14: a block drops the source where the network
 * locates it, so it must be where the attack came from). The app decides it per report from the port of the
 * reporting switch the flow's first packet (the source's) came in on, the fabric's edge ports and ONOS's host
 * locations; see docs/blocking.md.
 */
public enum LocationCheck {
    /** The flow's first packet entered the fabric at the edge port where ONOS locates the source. */
    MATCH,
    /**
     * The flow's first packet entered at an edge port where ONOS does not locate the source: someone else sent it with
     * the source's address (spoofed).
     */
    MISMATCH,
    /**
     * The report says nothing about the source: the flow's first packet came in on a transit port (it entered the
     * fabric at another switch, whose reports decide).
     */
    NEUTRAL,
    /** ONOS locates no host with the source's address (yet). */
    UNKNOWN,
    /** Nobody checked: an offline replay (nids-model simulate, eval) has no host locations. */
    UNCHECKED
}
