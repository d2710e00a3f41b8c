package org.onosproject.nids.model.cost;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.capacity.CapacityReport;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CodeRange;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.DecisionEntry;
import org.onosproject.nids.model.compiler.FeatureTableEntry;
import org.onosproject.nids.model.compiler.ModelCompiler;

import java.util.ArrayList;
import java.util.List;

/**
 * What a compiled model costs: entries per table and in total, their expansion into ternary rows on a TCAM target
 * (range tables have none there), tables and dependent stages occupied, the capacity check, and the Netronome
 * latency estimate.
 */
public final class CostReport {

    /**
     * Headers the pipeline parses for a tracked packet (Ethernet, IPv4, TCP/UDP/ICMP) and rewrites (the method was
     * measured for β ≥ 1; forwarding rewrites at most one header), used for the latency estimate's base T(α, β).
     */
    public static final int PARSED_HEADERS = 3;
    public static final int MODIFIED_HEADERS = 1;

    /** One classifier table the model writes entries into. */
    public static final class TableCost {
        private final String table;
        private final long entries;
        private final long ternaryEntries;
        private final long narrowTernaryEntries;
        private final long capacityPerBank;

        TableCost(String table, long entries, long ternaryEntries, long narrowTernaryEntries, long capacityPerBank) {
            this.table = table;
            this.entries = entries;
            this.ternaryEntries = ternaryEntries;
            this.narrowTernaryEntries = narrowTernaryEntries;
            this.capacityPerBank = capacityPerBank;
        }

        public String table() {
            return table;
        }

        public long entries() {
            return entries;
        }

        /** Value/mask rows the entries need on a target without range match. */
        public long ternaryEntries() {
            return ternaryEntries;
        }

        /**
         * Ternary rows if each slot's code were only as wide as its interval count needs (what a TCAM target
         * would choose); equal to {@link #ternaryEntries()} for range tables.
         */
        public long narrowTernaryEntries() {
            return narrowTernaryEntries;
        }

        public long capacityPerBank() {
            return capacityPerBank;
        }
    }

    private final List<TableCost> tables;
    private final int stages;
    private final CapacityReport capacity;
    private final NetronomeLatencyEstimate latency;
    private final NetronomeLatencyEstimate pipelineLatency;

    private CostReport(List<TableCost> tables, int stages, CapacityReport capacity,
                       NetronomeLatencyEstimate latency, NetronomeLatencyEstimate pipelineLatency) {
        this.tables = ImmutableList.copyOf(tables);
        this.stages = stages;
        this.capacity = capacity;
        this.latency = latency;
        this.pipelineLatency = pipelineLatency;
    }

    public static CostReport of(CompiledModel model, FeatureCatalog catalog, PipelineCapacity capacity) {
        List<TableCost> tables = new ArrayList<>();
        for (int slot = 0; slot < model.slots().slotCount(); slot++) {
            int featureId = model.slots().featureIdAt(slot);
            if (featureId == 0) {
                continue;
            }
            long entries = 0;
            long ternary = 0;
            for (FeatureTableEntry entry : model.featureEntries()) {
                if (entry.slot() == slot) {
                    entries++;
                    ternary += RangeExpansion.prefixCount(entry.low(), entry.high(), capacity.slotValueBits());
                }
            }
            tables.add(new TableCost("slot " + slot + " range (" + catalog.byId(featureId).name() + ")", entries,
                    ternary, ternary, capacity.rangeEntriesPerBank()));
        }
        int[] narrowCodeBits = new int[model.slots().slotCount()];
        for (int slot = 0; slot < narrowCodeBits.length; slot++) {
            int featureId = model.slots().featureIdAt(slot);
            int codes = featureId == 0 ? 1 : model.partitions().get(featureId).size();
            narrowCodeBits[slot] = Math.max(1, 32 - Integer.numberOfLeadingZeros(codes - 1));
        }
        long decisionTernary = 0;
        long narrowDecisionTernary = 0;
        for (DecisionEntry entry : model.decisionEntries()) {
            long rows = 1;
            long narrowRows = 1;
            for (int slot = 0; slot < entry.codeRanges().size(); slot++) {
                CodeRange range = entry.codeRanges().get(slot);
                rows *= RangeExpansion.prefixCount(range.low(), range.high(), capacity.codeBits());
                long narrowMax = (1L << narrowCodeBits[slot]) - 1;
                narrowRows *= RangeExpansion.prefixCount(Math.min(range.low(), narrowMax),
                        Math.min(range.high(), narrowMax), narrowCodeBits[slot]);
            }
            decisionTernary += rows;
            narrowDecisionTernary += narrowRows;
        }
        tables.add(new TableCost("decision", model.decisionEntries().size(), decisionTernary, narrowDecisionTernary,
                capacity.decisionEntriesPerBank()));
        // Range tables of different slots read different slot values, so they can share a stage; the decision
        // table reads their codes and needs the next one.
        int stages = model.slots().usedSlots() > 0 ? 2 : 1;
        NetronomeLatencyEstimate latency = new NetronomeLatencyEstimate(PARSED_HEADERS, MODIFIED_HEADERS,
                tables.size(), true);
        // The fixed pipeline applies a selector and a range table for every slot, used or not, and the decision.
        NetronomeLatencyEstimate pipelineLatency = new NetronomeLatencyEstimate(PARSED_HEADERS, MODIFIED_HEADERS,
                2 * capacity.featureSlots() + 1, true);
        return new CostReport(tables, stages, ModelCompiler.capacityReport(model, catalog, capacity), latency,
                pipelineLatency);
    }

    public List<TableCost> tables() {
        return tables;
    }

    public long totalEntries() {
        return tables.stream().mapToLong(TableCost::entries).sum();
    }

    public long totalTernaryEntries() {
        return tables.stream().mapToLong(TableCost::ternaryEntries).sum();
    }

    public long totalNarrowTernaryEntries() {
        return tables.stream().mapToLong(TableCost::narrowTernaryEntries).sum();
    }

    /** Match tables the model writes: one range table per used slot plus the decision table. */
    public int tableCount() {
        return tables.size();
    }

    /** Dependent match stages those tables need on a pipelined target (slot selectors come before them). */
    public int stages() {
        return stages;
    }

    public CapacityReport capacity() {
        return capacity;
    }

    /** γ = {@link #tableCount()}: the tables holding this model's lookups, added to a forwarding pipeline. */
    public NetronomeLatencyEstimate latency() {
        return latency;
    }

    /**
     * γ = 2K + 1: every classifier table the fixed pipeline applies to a tracked packet (K slot selectors, K range
     * tables, the decision table), whatever the model uses.
     */
    public NetronomeLatencyEstimate pipelineLatency() {
        return pipelineLatency;
    }
}
