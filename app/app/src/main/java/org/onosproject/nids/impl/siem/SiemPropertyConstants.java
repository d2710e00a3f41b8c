/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

/**
 * Names and defaults of NidsSiemManager's configuration properties
 * ({@code cfg set org.onosproject.nids.impl.siem.NidsSiemManager <name> <value>}); NidsSiemManager.cfgdef describes
 * them and docs/siem.md explains them.
 */
public final class SiemPropertyConstants {

    private SiemPropertyConstants() {
    }

    public static final String EVE_FILE = "eveFile";
    public static final String EVE_FILE_DEFAULT = "";

    public static final String EVE_FILE_MAX_BYTES = "eveFileMaxBytes";
    public static final int EVE_FILE_MAX_BYTES_DEFAULT = 10485760;

    public static final String EVE_FILE_COUNT = "eveFileCount";
    public static final int EVE_FILE_COUNT_DEFAULT = 5;

    public static final String SYSLOG_COLLECTORS = "syslogCollectors";
    public static final String SYSLOG_COLLECTORS_DEFAULT = "";

    public static final String SYSLOG_FACILITY = "syslogFacility";
    public static final String SYSLOG_FACILITY_DEFAULT = "local0";

    public static final String SIEM_QUEUE_SIZE = "siemQueueSize";
    public static final int SIEM_QUEUE_SIZE_DEFAULT = 10000;
}
