/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.model.data;

import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.List;

/**
 * Rewrites dataset rows where the dataset's exporter (nProbe) and the switch define a feature differently, so that a
 * tree learns only what a switch will report (docs/features.md, "deviation from nProbe").
 *
 * nProbe fills ICMP_TYPE (and ICMP_IPV4_TYPE) for many TCP and UDP flows; the switch reports 0 for every flow that
 * is not ICMP. A tree trained on the raw column can split on a value no TCP flow will ever carry at the switch. The
 * rows are rewritten to the switch's definition: both fields are 0 when PROTOCOL is not 1. Rows without a PROTOCOL
 * value are left alone (nothing says they are not ICMP).
 */
public final class DataPlaneDefinitions {

    private static final long ICMP = 1;

    private final int protocolId;
    private final int[] icmpOnlyIds;

    /**
     * @param catalog the feature catalog
     */
    public DataPlaneDefinitions(FeatureCatalog catalog) {
        protocolId = catalog.byName("PROTOCOL").map(Feature::id).orElseThrow();
        icmpOnlyIds = List.of("ICMP_TYPE", "ICMP_IPV4_TYPE").stream()
                .map(name -> catalog.byName(name).orElseThrow()).mapToInt(Feature::id).toArray();
    }

    /**
     * Rewrites one row in place.
     *
     * @param row         feature values indexed by feature id
     * @param hasProtocol whether the row's PROTOCOL cell was read from the data
     * @return the number of cells changed
     */
    public int apply(long[] row, boolean hasProtocol) {
        if (!hasProtocol || row[protocolId] == ICMP) {
            return 0;
        }
        int changed = 0;
        for (int id : icmpOnlyIds) {
            if (row[id] != 0) {
                row[id] = 0;
                changed++;
            }
        }
        return changed;
    }
}
