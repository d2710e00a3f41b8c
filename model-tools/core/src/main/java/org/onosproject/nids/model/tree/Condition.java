package org.onosproject.nids.model.tree;

import java.util.Objects;

/** One test on a root-to-leaf path, as taken: {@code feature <= value} or {@code feature > value}. */
public final class Condition {

    /** Which way the test went. */
    public enum Operator {
        LESS_OR_EQUAL("<="), GREATER(">");

        private final String symbol;

        Operator(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        public static Operator ofSymbol(String symbol) {
            for (Operator operator : values()) {
                if (operator.symbol.equals(symbol)) {
                    return operator;
                }
            }
            throw new IllegalArgumentException("unknown operator " + symbol);
        }
    }

    private final int featureId;
    private final Operator operator;
    private final long value;

    public Condition(int featureId, Operator operator, long value) {
        this.featureId = featureId;
        this.operator = Objects.requireNonNull(operator);
        this.value = value;
    }

    public int featureId() {
        return featureId;
    }

    public Operator operator() {
        return operator;
    }

    public long value() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Condition)) {
            return false;
        }
        Condition that = (Condition) other;
        return featureId == that.featureId && operator == that.operator && value == that.value;
    }

    @Override
    public int hashCode() {
        return Objects.hash(featureId, operator, value);
    }

    @Override
    public String toString() {
        return "#" + featureId + " " + operator.symbol() + " " + value;
    }
}
