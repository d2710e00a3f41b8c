package org.onosproject.nids.model.capacity;

import com.google.common.collect.ImmutableList;

import java.util.ArrayList;
import java.util.List;

/**
 * How much of each limited resource a model uses against what one bank of the pipeline offers.
 * Built with {@link #builder()}; {@link #requireFits()} turns the overflows into one exception message.
 */
public final class CapacityReport {

    /** One limited resource: what the model needs and what the pipeline has for it. */
    public static final class Usage {
        private final String resource;
        private final long needed;
        private final long available;
        private final String unit;

        Usage(String resource, long needed, long available, String unit) {
            this.resource = resource;
            this.needed = needed;
            this.available = available;
            this.unit = unit;
        }

        public String resource() {
            return resource;
        }

        public long needed() {
            return needed;
        }

        public long available() {
            return available;
        }

        public boolean fits() {
            return needed <= available;
        }

        /** e.g. "decision table: 700 entries needed, one bank holds 512 (188 over)". */
        public String describe() {
            String text = resource + ": " + needed + " " + unit + " needed, " + available + " available";
            return fits() ? text : text + " (" + (needed - available) + " over)";
        }
    }

    private final List<Usage> usages;

    private CapacityReport(List<Usage> usages) {
        this.usages = ImmutableList.copyOf(usages);
    }

    public static Builder builder() {
        return new Builder();
    }

    public List<Usage> usages() {
        return usages;
    }

    public boolean fits() {
        return usages.stream().allMatch(Usage::fits);
    }

    public List<Usage> overflows() {
        List<Usage> overflows = new ArrayList<>();
        for (Usage usage : usages) {
            if (!usage.fits()) {
                overflows.add(usage);
            }
        }
        return overflows;
    }

    /** Throws a {@link CapacityExceededException} naming every overflow, if there is one. */
    public void requireFits() {
        List<Usage> overflows = overflows();
        if (overflows.isEmpty()) {
            return;
        }
        StringBuilder message = new StringBuilder("the model exceeds the pipeline's capacity: ");
        for (int i = 0; i < overflows.size(); i++) {
            message.append(i == 0 ? "" : "; ").append(overflows.get(i).describe());
        }
        throw new CapacityExceededException(message.toString());
    }

    /** Accumulates usages in the order they are reported. */
    public static final class Builder {
        private final List<Usage> usages = new ArrayList<>();

        public Builder add(String resource, long needed, long available, String unit) {
            usages.add(new Usage(resource, needed, available, unit));
            return this;
        }

        public CapacityReport build() {
            return new CapacityReport(usages);
        }
    }
}
