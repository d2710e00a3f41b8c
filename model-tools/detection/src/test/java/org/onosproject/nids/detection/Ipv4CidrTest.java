/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Prefixes as operators write them in the allowlist, printed as ONOS prints its prefixes. */
public class Ipv4CidrTest {

    @Test
    public void aBareAddressIsASlash32AndAPrefixIsNormalized() {
        assertEquals("10.0.0.1/32", Ipv4Cidr.parse(" 10.0.0.1 ").toString());
        assertEquals("10.0.0.0/24", Ipv4Cidr.parse("10.0.0.77/24").toString());
        assertEquals("0.0.0.0/0", Ipv4Cidr.parse("192.168.1.1/0").toString());
        assertEquals(Ipv4Cidr.parse("10.0.0.0/24"), Ipv4Cidr.parse("10.0.0.9/24"));
    }

    @Test
    public void containsIsByNetwork() {
        Ipv4Cidr net = Ipv4Cidr.parse("10.0.0.0/30");
        assertTrue(net.contains(Ipv4Cidr.parseAddress("10.0.0.3")));
        assertFalse(net.contains(Ipv4Cidr.parseAddress("10.0.0.4")));
        assertTrue(Ipv4Cidr.parse("0.0.0.0/0").contains(Ipv4Cidr.parseAddress("255.255.255.255")));
        assertTrue(Ipv4Cidr.parse("200.1.2.3").contains(Ipv4Cidr.parseAddress("200.1.2.3")));
    }

    @Test
    public void addressesRoundTrip() {
        assertEquals(0x0a000001, Ipv4Cidr.parseAddress("10.0.0.1"));
        assertEquals("255.0.128.1", Ipv4Cidr.addressText(Ipv4Cidr.parseAddress("255.0.128.1")));
    }

    @Test
    public void badTextIsRefusedWithTheReason() {
        for (String bad : new String[]{"10.0.0", "10.0.0.256", "10.0.0.1/33", "a.b.c.d", "10.0.0.1/", "", "1..2.3"}) {
            try {
                Ipv4Cidr.parse(bad);
                fail("parsed " + bad);
            } catch (IllegalArgumentException e) {
                assertEquals("not an IPv4 address or CIDR: \"" + bad + "\"", e.getMessage());
            }
        }
    }
}
