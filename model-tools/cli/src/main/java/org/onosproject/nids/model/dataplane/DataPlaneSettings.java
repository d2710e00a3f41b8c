package org.onosproject.nids.model.dataplane;

import org.onosproject.nids.model.bundle.SourceWindow;

/**
 * The run-time knobs and sizes of the data plane that decide what it computes, so a software run can reproduce a
 * switch exactly: the flow-hash seed, the idle timeout, the source window, the per-source alert cap, the table
 * sizes, and the offset between packet timestamps and the switch's clock.
 */
public final class DataPlaneSettings {

    /** The reference pipeline's flow table: 2 ways of 32,768 cells (p4src/include/size.p4). */
    public static final int REFERENCE_SLOTS_PER_WAY = 1 << 15;
    /** The reference pipeline's source-context cells. */
    public static final int REFERENCE_SOURCE_CELLS = 1 << 16;
    /** The switch clock (ingress_global_timestamp) is 48 bits of microseconds. */
    public static final long CLOCK_MASK = (1L << 48) - 1;

    private final int flowHashSeed;
    private final long idleTimeoutUs;
    private final int sourceWindowLog2Us;
    private final int sourceAlertCap;
    private final int slotsPerWay;
    private final int sourceCells;
    private final long clockOffsetUs;

    private DataPlaneSettings(Builder b) {
        SourceWindow.requireValidWindow(b.sourceWindowLog2Us);
        if (Integer.bitCount(b.slotsPerWay) != 1 || b.slotsPerWay > (1 << 16)) {
            throw new IllegalArgumentException("slots per way must be a power of two up to 65536: " + b.slotsPerWay);
        }
        if (b.idleTimeoutUs < 0 || b.idleTimeoutUs > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("idle timeout must be 0 (off) .. 2^32-1 us: " + b.idleTimeoutUs);
        }
        if (b.sourceAlertCap < 0 || b.sourceAlertCap > SourceContext.ALERTS_MAX) {
            throw new IllegalArgumentException("source alert cap must be 0 (none) .. 255: " + b.sourceAlertCap);
        }
        this.flowHashSeed = b.flowHashSeed;
        this.idleTimeoutUs = b.idleTimeoutUs;
        this.sourceWindowLog2Us = b.sourceWindowLog2Us;
        this.sourceAlertCap = b.sourceAlertCap;
        this.slotsPerWay = b.slotsPerWay;
        this.sourceCells = b.sourceCells;
        this.clockOffsetUs = b.clockOffsetUs;
    }

    public static Builder builder() {
        return new Builder();
    }

    public int flowHashSeed() {
        return flowHashSeed;
    }

    /** A flow idle this long may be replaced by a new flow of its cells (0 = never). */
    public long idleTimeoutUs() {
        return idleTimeoutUs;
    }

    public int sourceWindowLog2Us() {
        return sourceWindowLog2Us;
    }

    /** Alerts per source and epoch that are reported (0 = no cap). */
    public int sourceAlertCap() {
        return sourceAlertCap;
    }

    public int slotsPerWay() {
        return slotsPerWay;
    }

    /** Cells of the flow table (both ways); report and probe slot numbers are below this. */
    public int flowCells() {
        return 2 * slotsPerWay;
    }

    public int sourceCells() {
        return sourceCells;
    }

    /** Added to a packet's timestamp to get the switch clock (then taken modulo 2^48). */
    public long clockOffsetUs() {
        return clockOffsetUs;
    }

    /** Defaults: seed 0, no idle timeout, the default window, no alert cap, the reference sizes, no offset. */
    public static final class Builder {
        private int flowHashSeed;
        private long idleTimeoutUs;
        private int sourceWindowLog2Us = SourceWindow.DEFAULT_WINDOW_LOG2_US;
        private int sourceAlertCap;
        private int slotsPerWay = REFERENCE_SLOTS_PER_WAY;
        private int sourceCells = REFERENCE_SOURCE_CELLS;
        private long clockOffsetUs;

        private Builder() {
        }

        public Builder flowHashSeed(int value) {
            flowHashSeed = value;
            return this;
        }

        public Builder idleTimeoutUs(long value) {
            idleTimeoutUs = value;
            return this;
        }

        public Builder sourceWindowLog2Us(int value) {
            sourceWindowLog2Us = value;
            return this;
        }

        public Builder sourceAlertCap(int value) {
            sourceAlertCap = value;
            return this;
        }

        public Builder slotsPerWay(int value) {
            slotsPerWay = value;
            return this;
        }

        public Builder sourceCells(int value) {
            sourceCells = value;
            return this;
        }

        public Builder clockOffsetUs(long value) {
            clockOffsetUs = value;
            return this;
        }

        public DataPlaneSettings build() {
            return new DataPlaneSettings(this);
        }
    }
}
