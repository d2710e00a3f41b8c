/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.model.data;

import org.junit.Test;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import static org.junit.Assert.assertEquals;

/** Dataset rows get the switch's definition of the ICMP fields: 0 for every flow that is not ICMP. */
public class DataPlaneDefinitionsTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final DataPlaneDefinitions definitions = new DataPlaneDefinitions(catalog);

    private long[] row(long protocol, long icmpType, long icmpIpv4Type) {
        long[] row = new long[catalog.maxId() + 1];
        row[id("PROTOCOL")] = protocol;
        row[id("ICMP_TYPE")] = icmpType;
        row[id("ICMP_IPV4_TYPE")] = icmpIpv4Type;
        row[id("IN_PKTS")] = 7;
        return row;
    }

    private int id(String name) {
        return catalog.byName(name).orElseThrow().id();
    }

    @Test
    public void aTcpFlowWithAnIcmpTypeGetsZero() {
        long[] tcp = row(6, 0x0800, 8);
        assertEquals(2, definitions.apply(tcp, true));
        assertEquals(0, tcp[id("ICMP_TYPE")]);
        assertEquals(0, tcp[id("ICMP_IPV4_TYPE")]);
        assertEquals(7, tcp[id("IN_PKTS")]);
    }

    @Test
    public void icmpFlowsAndRowsWithoutAProtocolKeepTheirValues() {
        long[] icmp = row(1, 0x0303, 3);
        assertEquals(0, definitions.apply(icmp, true));
        assertEquals(0x0303, icmp[id("ICMP_TYPE")]);
        long[] unknown = row(0, 0x0800, 8);
        assertEquals(0, definitions.apply(unknown, false));
        assertEquals(8, unknown[id("ICMP_IPV4_TYPE")]);
    }

    @Test
    public void aUdpFlowWithoutIcmpValuesIsUnchanged() {
        assertEquals(0, definitions.apply(row(17, 0, 0), true));
    }
}
