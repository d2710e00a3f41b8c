/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;

/** The incidents of one source and one attack family: at most one of them takes verdicts at a time. */
public final class IncidentKey {

    private final int source;
    private final String family;

    /**
     * @param source the source, IPv4 as an int
     * @param family the family's name ({@link FamilyPolicy#incidentFamily})
     */
    public IncidentKey(int source, String family) {
        this.source = source;
        this.family = Objects.requireNonNull(family, "family");
    }

    public int source() {
        return source;
    }

    public String family() {
        return family;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof IncidentKey && ((IncidentKey) o).source == source && ((IncidentKey) o).family.equals(family);
    }

    @Override
    public int hashCode() {
        return Objects.hash(source, family);
    }

    @Override
    public String toString() {
        return Ipv4Cidr.addressText(source) + "/" + family;
    }
}
