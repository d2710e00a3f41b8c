/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * Why a switch reported a flow (the pipeline behaviour maps its own codes to these).
 */
public enum ReportReason {
    /** The flow was first classified as an attack (once per flow and model). */
    ALERT,
    /** TCP FIN in both directions, or RST: the flow ended and its slot was freed. */
    FLOW_END,
    /** Another flow took the slot. */
    EVICT,
    /** A long flow's periodic report. */
    ACTIVE_TIMEOUT,
    /** The controller asked for the slot (idle sweep). */
    PROBE,
    /**
     * A flow that no FIN or RST ends (UDP, ICMP) started: a notice of its slot for the idle sweep, not a flow record
     * (its record comes from the sweep's probe, an eviction or an active timeout).
     */
    FLOW_START
}
