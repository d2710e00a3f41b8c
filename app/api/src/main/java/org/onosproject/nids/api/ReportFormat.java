/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

/**
 * How a pipeline's flow reports and probes look on the wire: the app decodes every report packet-in and asks for a
 * flow-table slot with a probe packet-out, without knowing the layout. Pure and thread-safe: it is called on the
 * packet-processing thread for every report.
 */
public interface ReportFormat {

    /**
     * @param etherType the EtherType of a packet-in (as an unsigned 16-bit value)
     * @return whether packets of that EtherType are flow reports
     */
    boolean isReport(int etherType);

    /**
     * @return how many flow-table slots reports and probes name (slots 0 .. flowSlots() - 1)
     */
    int flowSlots();

    /**
     * Decodes a report.
     *
     * @param frame the whole Ethernet frame of the packet-in
     * @return the report
     * @throws MalformedReportException with the reason when the frame is not a report this pipeline sends
     */
    FlowReport decode(byte[] frame);

    /**
     * The probe that asks the switch to report one flow-table slot (the switch answers with a PROBE report, whose
     * FREED flag says whether it freed the slot).
     *
     * @param slot          flow-table slot
     * @param free          whether the switch frees the slot after reporting it ...
     * @param minIdleMicros ... provided its flow has been silent this long when the probe arrives (0: in any case;
     *                      at most {@link PipelineConfig#MAX_SWITCH_INTERVAL_MICROS})
     * @return the Ethernet frame to send out of the switch's CPU port
     */
    byte[] probe(long slot, boolean free, long minIdleMicros);
}
