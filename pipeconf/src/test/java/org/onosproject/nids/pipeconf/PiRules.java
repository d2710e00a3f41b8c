/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import org.onlab.util.ImmutableByteSequence;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiFieldMatch;
import org.onosproject.net.pi.runtime.PiRangeFieldMatch;

import java.util.Optional;

/** Reads the match fields and action parameters of planned flow rules back as numbers. */
final class PiRules {

    private PiRules() {
    }

    static PiCriterion criterion(FlowRule rule) {
        Criterion criterion = rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        return (PiCriterion) criterion;
    }

    static Optional<PiFieldMatch> match(FlowRule rule, PiMatchFieldId field) {
        PiCriterion criterion = criterion(rule);
        return criterion == null ? Optional.empty() : criterion.fieldMatch(field);
    }

    static long exact(FlowRule rule, PiMatchFieldId field) {
        PiFieldMatch m = match(rule, field).orElseThrow(() -> new AssertionError("no " + field + " in " + rule));
        return unsigned(((PiExactFieldMatch) m).value());
    }

    /** @return {low, high} of a range match */
    static long[] range(FlowRule rule, PiMatchFieldId field) {
        PiFieldMatch m = match(rule, field).orElseThrow(() -> new AssertionError("no " + field + " in " + rule));
        PiRangeFieldMatch r = (PiRangeFieldMatch) m;
        return new long[]{unsigned(r.lowValue()), unsigned(r.highValue())};
    }

    static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    static long param(FlowRule rule, PiActionParamId id) {
        for (PiActionParam p : action(rule).parameters()) {
            if (p.id().equals(id)) {
                return unsigned(p.value());
            }
        }
        throw new AssertionError("no parameter " + id + " in " + rule);
    }

    static long unsigned(ImmutableByteSequence bytes) {
        long value = 0;
        for (byte b : bytes.asArray()) {
            value = (value << 8) | (b & 0xff);
        }
        return value;
    }
}
