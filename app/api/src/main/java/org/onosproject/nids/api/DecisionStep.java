/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import org.onosproject.nids.model.tree.Condition;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One test on the tree path that led to an alert's leaf, with the flow's value of the feature: what lets an operator
 * read why the model called the flow an attack, e.g. {@code IN_PKTS = 412 > 200}. Bounds and values are in feature
 * units (bytes, packets, milliseconds), as the model's trees test them and as the switches report them.
 */
public final class DecisionStep {

    private final int featureId;
    private final String feature;
    private final Condition.Operator operator;
    private final long bound;
    private final long value;

    /**
     * A step.
     *
     * @param featureId catalog feature id
     * @param feature   catalog feature name
     * @param operator  the test as taken on the way to the leaf
     * @param bound     the tree's threshold
     * @param value     the flow's value of the feature (from the report)
     */
    public DecisionStep(int featureId, String feature, Condition.Operator operator, long bound, long value) {
        this.featureId = featureId;
        this.feature = checkNotNull(feature, "feature");
        this.operator = checkNotNull(operator, "operator");
        this.bound = bound;
        this.value = value;
    }

    public int featureId() {
        return featureId;
    }

    /** @return the catalog feature name, e.g. IN_PKTS */
    public String feature() {
        return feature;
    }

    /** @return {@code <=} or {@code >} */
    public Condition.Operator operator() {
        return operator;
    }

    /** @return the tree's threshold, in feature units */
    public long bound() {
        return bound;
    }

    /** @return the flow's value of the feature in the latest report */
    public long value() {
        return value;
    }

    /**
     * Whether the reported value passes the test. It normally does; it may not when the switch reported the flow
     * after it was classified (a later report carries grown counters) or when a value was clipped.
     *
     * @return whether {@code value operator bound} holds
     */
    public boolean holds() {
        return operator == Condition.Operator.LESS_OR_EQUAL ? value <= bound : value > bound;
    }

    /**
     * @return {@code IN_PKTS = 412 > 200} when the value passes the test, {@code IN_PKTS = 150, not > 200} when it
     *         does not
     */
    public String explain() {
        return feature + " = " + value + (holds() ? " " : ", not ") + operator.symbol() + " " + bound;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DecisionStep)) {
            return false;
        }
        DecisionStep that = (DecisionStep) o;
        return featureId == that.featureId && bound == that.bound && value == that.value
                && feature.equals(that.feature) && operator == that.operator;
    }

    @Override
    public int hashCode() {
        return Objects.hash(featureId, feature, operator, bound, value);
    }

    @Override
    public String toString() {
        return explain();
    }
}
