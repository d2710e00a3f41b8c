/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onlab.packet.Ip4Address;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.driver.HandlerBehaviour;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What the NIDS app asks of a switch's pipeline, in plain values: a pipeconf that runs the NIDS pipeline implements
 * it (as fabric-tna's pipeconf implements ONOS's {@code IntProgrammable}), and the app reaches it with
 * {@code device.as(NidsProgrammable.class)}. The pipeline's own names (tables, keys, actions, counters, codes) stay
 * inside the pipeconf.
 *
 * <p>A model lives in one of {@link PipelineCapacity#banks()} banks of the classifier tables; {@link #configure}
 * names the bank that classifies, so a new model is written into the idle bank and switched to in one write. Entries
 * are written under the NIDS application ({@link NidsApp#APP_NAME}). Writes return a future that completes with
 * true once the switch accepted the whole batch and false when it refused any of it.
 */
public interface NidsProgrammable extends HandlerBehaviour {

    /**
     * @return what a model may use of this pipeline (slots, banks, table sizes, widths)
     */
    PipelineCapacity capacity();

    /**
     * Installs what the switch needs besides a model: the clone session that carries reports to the controller, and
     * the roles of its ports. Idempotent; not confirmed (a reconciliation repeats it).
     *
     * @param edgePorts the ports facing hosts, where flows enter and leave the fabric
     */
    void prepare(Collection<PortNumber> edgePorts);

    /**
     * @param model a model (one compiled tree per phase)
     * @return how many entries {@link #writeBank} writes for it
     */
    int entryCount(ModelBundle model);

    /**
     * Writes a model into one bank, every phase's tree: whatever the switch holds in that bank is removed first (the
     * classifier tables are the NIDS application's own).
     *
     * @param bank  the bank (an idle one: the active bank keeps classifying meanwhile)
     * @param model the model, its entries in data-plane units
     * @return completes with whether the switch accepted every entry
     */
    CompletableFuture<Boolean> writeBank(int bank, ModelBundle model);

    /**
     * Removes every entry from one bank.
     *
     * @param bank the bank
     * @return completes with whether the switch accepted every removal
     */
    CompletableFuture<Boolean> clearBank(int bank);

    /**
     * Writes the run-time configuration: the bank that classifies (the flip), the model epoch, its alert threshold
     * and source window, and the flow-table, tracking and reporting knobs in one atomic write; then the report
     * budgets.
     *
     * @param config the configuration
     * @return completes with whether the switch accepted it
     */
    CompletableFuture<Boolean> configure(PipelineConfig config);

    /**
     * Reads back from the switch itself what it classifies with: its configuration's bank and epoch, and the
     * classifier entries of each bank. What ONOS or the app recorded may differ from it (a write refused or lost, a
     * switch changed behind the app's back): reconciliation trusts this read.
     *
     * @return what the switch holds; empty if it could not be read
     */
    Optional<PipelineReadBack> readBack();

    /**
     * Packets classified per class in one bank, read from the switch.
     *
     * @param bank the bank
     * @return class id to packets (classes with packets only); empty if the switch could not be read
     */
    Map<Integer, Long> classCounters(int bank);

    /**
     * Reports sent and reports dropped by the rate limit, per reason, and flow-table evictions, read from the switch.
     *
     * @return counter name to value: "sent.REASON", "dropped.REASON" ({@link ReportReason} names), "evictions";
     *         empty if the switch could not be read
     */
    Map<String, Long> reportCounters();

    /**
     * @return the layout of this pipeline's reports and probes
     */
    ReportFormat reportFormat();

    /**
     * The entry that drops a source's packets entering the switch at one port (above every other use of the
     * pipeline's ACL). Not written: the caller installs it (a block's intent does).
     *
     * @param appId the application the entry belongs to
     * @param port  the ingress port
     * @param src   the source to drop
     * @param scope what of the source's traffic to drop
     * @return the flow rule
     */
    FlowRule blockRule(ApplicationId appId, PortNumber port, Ip4Address src, BlockScope scope);
}
