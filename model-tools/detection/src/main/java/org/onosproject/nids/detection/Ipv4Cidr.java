/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/**
 * An IPv4 prefix ({@code 10.0.0.0/24}; a bare address is a /32), normalized to its network address, as ONOS's
 * {@code Ip4Prefix} prints it. Addresses are ints in network order (10.0.0.1 is 0x0a000001).
 */
public final class Ipv4Cidr {

    private final int address;
    private final int prefixLength;

    private Ipv4Cidr(int address, int prefixLength) {
        this.prefixLength = prefixLength;
        this.address = address & mask(prefixLength);
    }

    private static int mask(int prefixLength) {
        return prefixLength == 0 ? 0 : -1 << (32 - prefixLength);
    }

    /**
     * @param address      an address
     * @param prefixLength 0..32
     * @return the prefix holding the address
     */
    public static Ipv4Cidr of(int address, int prefixLength) {
        if (prefixLength < 0 || prefixLength > 32) {
            throw new IllegalArgumentException("prefix length " + prefixLength + " is not 0..32");
        }
        return new Ipv4Cidr(address, prefixLength);
    }

    /**
     * @param text {@code a.b.c.d} or {@code a.b.c.d/n}
     * @return the prefix
     * @throws IllegalArgumentException {@code not an IPv4 address or CIDR: "<text>"}
     */
    public static Ipv4Cidr parse(String text) {
        String item = text.strip();
        int slash = item.indexOf('/');
        try {
            int length = slash < 0 ? 32 : Integer.parseInt(item.substring(slash + 1));
            return of(parseAddress(slash < 0 ? item : item.substring(0, slash)), length);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not an IPv4 address or CIDR: \"" + text + "\"");
        }
    }

    /**
     * @param text a dotted IPv4 address
     * @return it as an int
     * @throws IllegalArgumentException if it is not one
     */
    public static int parseAddress(String text) {
        String[] parts = text.split("\\.", -1);
        if (parts.length != 4) {
            throw new IllegalArgumentException("not an IPv4 address: " + text);
        }
        int address = 0;
        for (String part : parts) {
            if (part.isEmpty() || part.length() > 3 || !part.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException("not an IPv4 address: " + text);
            }
            int octet = Integer.parseInt(part);
            if (octet > 255) {
                throw new IllegalArgumentException("not an IPv4 address: " + text);
            }
            address = (address << 8) | octet;
        }
        return address;
    }

    /**
     * @param address an address as an int
     * @return it dotted
     */
    public static String addressText(int address) {
        return ((address >>> 24) & 0xff) + "." + ((address >>> 16) & 0xff) + "." + ((address >>> 8) & 0xff) + "."
                + (address & 0xff);
    }

    /**
     * @param other an address
     * @return whether this prefix holds it
     */
    public boolean contains(int other) {
        return (other & mask(prefixLength)) == address;
    }

    public int address() {
        return address;
    }

    public int prefixLength() {
        return prefixLength;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ipv4Cidr && ((Ipv4Cidr) o).address == address
                && ((Ipv4Cidr) o).prefixLength == prefixLength;
    }

    @Override
    public int hashCode() {
        return Objects.hash(address, prefixLength);
    }

    @Override
    public String toString() {
        return addressText(address) + "/" + prefixLength;
    }
}
