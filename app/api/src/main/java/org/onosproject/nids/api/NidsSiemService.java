/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * The SIEM export: alerts and blocks as Suricata EVE JSON events, to a rotating file and to syslog collectors
 * (docs/siem.md). What it sent, dropped and failed shows in {@code GET /stats} under {@code siem}.
 */
public interface NidsSiemService {

    /** @return the export's counters and the configuration in force */
    SiemExportStats stats();
}
