/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiActionModel;
import org.onosproject.net.pi.model.PiActionProfileId;
import org.onosproject.net.pi.model.PiActionProfileModel;
import org.onosproject.net.pi.model.PiCounterId;
import org.onosproject.net.pi.model.PiCounterModel;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiMatchFieldModel;
import org.onosproject.net.pi.model.PiMeterId;
import org.onosproject.net.pi.model.PiMeterModel;
import org.onosproject.net.pi.model.PiPacketOperationModel;
import org.onosproject.net.pi.model.PiPacketOperationType;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.model.PiRegisterId;
import org.onosproject.net.pi.model.PiRegisterModel;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.model.PiTableModel;
import org.onosproject.net.pi.model.PiTableType;

import java.util.Collection;
import java.util.Optional;
import java.util.Set;

/**
 * ONOS's view of the NIDS pipeline: the P4Info's model, with the tables the NIDS application writes itself over
 * P4Runtime ({@link ClassifierBanks}) shown as constant tables.
 *
 * <p>ONOS 2.7's P4Runtime flow rule behaviour reads every non-constant table of a switch on each flow poll and deletes
 * the entries its flow rule translation store and table mirror do not know ("inconsistent table entries"); the same
 * filter keeps constant tables out of its default-entry reads. The classifier banks are thousands of entries per
 * switch that no other ONOS application touches; through ONOS's flow rule subsystem each one cost a flow store entry
 * and its backup, a translation store and a table mirror entry, each replicated to the other cluster instances, and
 * every poll read them back. Marked constant, ONOS neither reads nor removes them: the app writes them on the
 * switch's master and checks them by reading the switch (read-back). Nothing else of ONOS looks at the flag (the P4
 * program is pushed from the P4Info, not from this model); the P4Info still declares them writable.
 *
 * <p>ONOS derives the pipeconf's fingerprint, the cookie a master compares with the switch's before it pushes the
 * pipeline again, from this model's {@link #hashCode()}: it must be the same in every JVM (as the P4Info model's,
 * which is the P4Info's hash), or each cluster instance has its own fingerprint and every new master pushes the
 * pipeline again, which empties the switch's tables (issue 16: h2's drop rule and the banks gone after a failover).
 */
final class AppOwnedTablesModel implements PiPipelineModel {

    private final PiPipelineModel model;
    private final Set<PiTableId> owned;

    /**
     * @param model the pipeline's model as parsed from its P4Info
     * @param owned the tables the application writes itself
     */
    AppOwnedTablesModel(PiPipelineModel model, Set<PiTableId> owned) {
        this.model = model;
        this.owned = Set.copyOf(owned);
    }

    /** The P4Info model's hash (its P4Info's) and the owned tables' names: equal in every JVM. */
    @Override
    public int hashCode() {
        return 31 * model.hashCode() + owned.hashCode();
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof AppOwnedTablesModel)) {
            return false;
        }
        AppOwnedTablesModel that = (AppOwnedTablesModel) other;
        return model.equals(that.model) && owned.equals(that.owned);
    }

    private PiTableModel view(PiTableModel table) {
        return owned.contains(table.id()) ? new OwnedTable(table) : table;
    }

    @Override
    public Optional<String> architecture() {
        return model.architecture();
    }

    @Override
    public Optional<PiTableModel> table(PiTableId tableId) {
        return model.table(tableId).map(this::view);
    }

    @Override
    public Collection<PiTableModel> tables() {
        ImmutableList.Builder<PiTableModel> tables = ImmutableList.builder();
        model.tables().forEach(t -> tables.add(view(t)));
        return tables.build();
    }

    @Override
    public Optional<PiCounterModel> counter(PiCounterId counterId) {
        return model.counter(counterId);
    }

    @Override
    public Collection<PiCounterModel> counters() {
        return model.counters();
    }

    @Override
    public Optional<PiMeterModel> meter(PiMeterId meterId) {
        return model.meter(meterId);
    }

    @Override
    public Collection<PiMeterModel> meters() {
        return model.meters();
    }

    @Override
    public Optional<PiRegisterModel> register(PiRegisterId registerId) {
        return model.register(registerId);
    }

    @Override
    public Collection<PiRegisterModel> registers() {
        return model.registers();
    }

    @Override
    public Optional<PiActionProfileModel> actionProfiles(PiActionProfileId actionProfileId) {
        return model.actionProfiles(actionProfileId);
    }

    @Override
    public Collection<PiActionProfileModel> actionProfiles() {
        return model.actionProfiles();
    }

    @Override
    public Optional<PiPacketOperationModel> packetOperationModel(PiPacketOperationType type) {
        return model.packetOperationModel(type);
    }

    /** A table of the application's: as the P4Info has it, but constant to ONOS. */
    private static final class OwnedTable implements PiTableModel {
        private final PiTableModel table;

        OwnedTable(PiTableModel table) {
            this.table = table;
        }

        @Override
        public boolean isConstantTable() {
            return true;
        }

        @Override
        public PiTableId id() {
            return table.id();
        }

        @Override
        public PiTableType tableType() {
            return table.tableType();
        }

        @Override
        public PiActionProfileModel actionProfile() {
            return table.actionProfile();
        }

        @Override
        public long maxSize() {
            return table.maxSize();
        }

        @Override
        public Collection<PiCounterModel> counters() {
            return table.counters();
        }

        @Override
        public Collection<PiMeterModel> meters() {
            return table.meters();
        }

        @Override
        public boolean supportsAging() {
            return table.supportsAging();
        }

        @Override
        public Collection<PiMatchFieldModel> matchFields() {
            return table.matchFields();
        }

        @Override
        public Collection<PiActionModel> actions() {
            return table.actions();
        }

        @Override
        public Optional<PiActionModel> constDefaultAction() {
            return table.constDefaultAction();
        }

        @Override
        public boolean oneShotOnly() {
            return table.oneShotOnly();
        }

        @Override
        public Optional<PiActionModel> action(PiActionId actionId) {
            return table.action(actionId);
        }

        @Override
        public Optional<PiMatchFieldModel> matchField(PiMatchFieldId matchFieldId) {
            return table.matchField(matchFieldId);
        }
    }
}
