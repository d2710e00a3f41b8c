/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.Arrays;
import java.util.Optional;

import static org.onosproject.nids.pipeconf.NidsConstants.REASON_ACTIVE_TIMEOUT;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_ALERT;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_EVICT;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_FLOW_END;
import static org.onosproject.nids.pipeconf.NidsConstants.REASON_PROBE;

/**
 * Why a switch reported a flow; the codes are the P4 program's.
 */
public enum ReportReason {
    /** The flow was first classified as an attack (once per flow and model). */
    ALERT(REASON_ALERT),
    /** TCP FIN in both directions, or RST: the flow ended and its slot was freed. */
    FLOW_END(REASON_FLOW_END),
    /** Another flow took the slot. */
    EVICT(REASON_EVICT),
    /** A long flow's periodic report. */
    ACTIVE_TIMEOUT(REASON_ACTIVE_TIMEOUT),
    /** The controller asked for the slot (idle sweep). */
    PROBE(REASON_PROBE);

    private final int code;

    ReportReason(int code) {
        this.code = code;
    }

    /** @return the code in the report header and the index of the report counters */
    public int code() {
        return code;
    }

    /**
     * @param code report header code
     * @return the reason, if the code is known
     */
    public static Optional<ReportReason> ofCode(int code) {
        return Arrays.stream(values()).filter(r -> r.code == code).findFirst();
    }
}
