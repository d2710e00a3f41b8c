/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/**
 * The incidents of one source address and one attack family, apart for flows sent from where the network does not
 * locate the address (spoofed): at most one incident per key takes verdicts at a time.
 */
public final class IncidentKey {

    private final int source;
    private final String family;
    private final boolean spoofed;

    /**
     * @param source  the source, IPv4 as an int
     * @param family  the family's name ({@link FamilyPolicy#incidentFamily})
     * @param spoofed whether the key is for the address's flows seen at an edge port where the network does not
     *                locate it ({@link LocationCheck#MISMATCH})
     */
    public IncidentKey(int source, String family, boolean spoofed) {
        this.source = source;
        this.family = Objects.requireNonNull(family, "family");
        this.spoofed = spoofed;
    }

    public int source() {
        return source;
    }

    public String family() {
        return family;
    }

    public boolean spoofed() {
        return spoofed;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IncidentKey && ((IncidentKey) o).source == source && ((IncidentKey) o).family.equals(family)
                && ((IncidentKey) o).spoofed == spoofed;
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, family, spoofed);
    }

    @Override
    public String toString() {
        return Ipv4Cidr.addressText(source) + "/" + family + (spoofed ? "/spoofed" : "");
    }
}
