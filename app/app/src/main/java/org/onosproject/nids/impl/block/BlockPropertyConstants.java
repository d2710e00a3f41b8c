/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

/**
 * Names and defaults of NidsBlockManager's configuration properties
 * ({@code cfg set org.onosproject.nids.impl.block.NidsBlockManager <name> <value>}); NidsBlockManager.cfgdef
 * describes them.
 */
public final class BlockPropertyConstants {

    private BlockPropertyConstants() {
    }

    public static final String AUTO_BLOCK_MIN_SEVERITY = "autoBlockMinSeverity";
    public static final String AUTO_BLOCK_MIN_SEVERITY_DEFAULT = "NONE";

    public static final String AUTO_BLOCK_MIN_ALERTS = "autoBlockMinAlerts";
    public static final int AUTO_BLOCK_MIN_ALERTS_DEFAULT = 0;

    public static final String AUTO_BLOCK_MIN_FLOWS = "autoBlockMinFlows";
    public static final String AUTO_BLOCK_MIN_FLOWS_DEFAULT = "Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5";

    public static final String AUTO_BLOCK_WINDOW_SECONDS = "autoBlockWindowSeconds";
    public static final int AUTO_BLOCK_WINDOW_SECONDS_DEFAULT = 60;

    public static final String BLOCK_TTL_SECONDS = "blockTtlSeconds";
    public static final int BLOCK_TTL_SECONDS_DEFAULT = 600;

    public static final String BLOCK_ALLOWLIST = "blockAllowlist";
    public static final String BLOCK_ALLOWLIST_DEFAULT = "";

    public static final String MAX_BLOCKS = "maxBlocks";
    public static final int MAX_BLOCKS_DEFAULT = 100;
}
