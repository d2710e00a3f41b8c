/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What {@code GET /stats} shows: alerts by state, and per class and per switch the open alerts, all alerts, the
 * attack reports folded into them, and the flow records in the flow window.
 */
public final class AlertStats {

    /** One class or one switch. */
    public static final class Row {
        private final String name;
        private final long openAlerts;
        private final long alerts;
        private final long reports;
        private final Long flows;

        /**
         * A row.
         *
         * @param name       class name or device id
         * @param openAlerts alerts in state OPEN
         * @param alerts     alerts in any state
         * @param reports    attack reports folded into those alerts (of this switch, for a switch row)
         * @param flows      flow records in the flow window, null when no flow service runs
         */
        public Row(String name, long openAlerts, long alerts, long reports, Long flows) {
            this.name = checkNotNull(name, "name");
            this.openAlerts = openAlerts;
            this.alerts = alerts;
            this.reports = reports;
            this.flows = flows;
        }

        public String name() {
            return name;
        }

        public long openAlerts() {
            return openAlerts;
        }

        public long alerts() {
            return alerts;
        }

        public long reports() {
            return reports;
        }

        /** @return flow records in the window; empty when the flow service is not running */
        public Optional<Long> flows() {
            return Optional.ofNullable(flows);
        }

        @Override
        public boolean equals(Object o) {
            if (this == o) {
                return true;
            }
            if (!(o instanceof Row)) {
                return false;
            }
            Row that = (Row) o;
            return openAlerts == that.openAlerts && alerts == that.alerts && reports == that.reports
                    && name.equals(that.name) && Objects.equals(flows, that.flows);
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, openAlerts, alerts, reports, flows);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).omitNullValues().add("name", name).add("open", openAlerts)
                    .add("alerts", alerts).add("reports", reports).add("flows", flows).toString();
        }
    }

    private final long total;
    private final long open;
    private final long acknowledged;
    private final long blocked;
    private final boolean flowsAvailable;
    private final ImmutableList<Row> classes;
    private final ImmutableList<Row> devices;

    /**
     * Statistics.
     *
     * @param total          every stored alert
     * @param open           alerts OPEN
     * @param acknowledged   alerts ACKNOWLEDGED
     * @param blocked        alerts BLOCKED
     * @param flowsAvailable whether the flow service answered (else every row's flows are empty)
     * @param classes        one row per class, by name
     * @param devices        one row per switch, by device id
     */
    public AlertStats(long total, long open, long acknowledged, long blocked, boolean flowsAvailable,
                      List<Row> classes, List<Row> devices) {
        this.total = total;
        this.open = open;
        this.acknowledged = acknowledged;
        this.blocked = blocked;
        this.flowsAvailable = flowsAvailable;
        this.classes = ImmutableList.copyOf(classes);
        this.devices = ImmutableList.copyOf(devices);
    }

    public long total() {
        return total;
    }

    public long open() {
        return open;
    }

    public long acknowledged() {
        return acknowledged;
    }

    public long blocked() {
        return blocked;
    }

    public boolean flowsAvailable() {
        return flowsAvailable;
    }

    public List<Row> classes() {
        return classes;
    }

    public List<Row> devices() {
        return devices;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AlertStats)) {
            return false;
        }
        AlertStats that = (AlertStats) o;
        return total == that.total && open == that.open && acknowledged == that.acknowledged
                && blocked == that.blocked && flowsAvailable == that.flowsAvailable && classes.equals(that.classes)
                && devices.equals(that.devices);
    }

    @Override
    public int hashCode() {
        return Objects.hash(total, open, acknowledged, blocked, flowsAvailable, classes, devices);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("total", total).add("open", open)
                .add("acknowledged", acknowledged).add("blocked", blocked).add("classes", classes)
                .add("devices", devices).toString();
    }
}
