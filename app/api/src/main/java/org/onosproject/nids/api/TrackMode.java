/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.Arrays;
import java.util.Optional;

/**
 * Where a switch tracks flows: where they enter or leave the fabric, only where they enter, on every hop, or nowhere.
 */
public enum TrackMode {
    /** On edge ports, in both directions (the default): every flow once, at its client's and server's edge. */
    EDGE("edge"),
    /** Only as flows enter the fabric at an edge port. */
    INGRESS_EDGE("ingress-edge"),
    /** On every port of every switch. */
    ALL("all"),
    /** Nowhere: no reports, no classification. */
    OFF("off");

    private final String propertyValue;

    TrackMode(String propertyValue) {
        this.propertyValue = propertyValue;
    }

    /** @return how the component property spells this mode */
    public String propertyValue() {
        return propertyValue;
    }

    /**
     * @param value a property value: edge, ingress-edge, all or off
     * @return the mode, empty for any other value
     */
    public static Optional<TrackMode> ofPropertyValue(String value) {
        return Arrays.stream(values()).filter(m -> m.propertyValue.equals(value)).findFirst();
    }
}
