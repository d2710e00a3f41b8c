/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.pipeconf;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;

import static org.onosproject.nids.pipeconf.NidsConstants.*;

/**
 * The classifier's tables grouped by role, indexed by feature slot: what the model rollout writes, bank by bank.
 */
public final class ClassifierTables {

    /** Per slot: the selector naming the slot's feature. */
    public static final ImmutableList<PiTableId> SELECTORS = ImmutableList.of(
            NIDS_INGRESS_CLASSIFIER_SEL0, NIDS_INGRESS_CLASSIFIER_SEL1, NIDS_INGRESS_CLASSIFIER_SEL2,
            NIDS_INGRESS_CLASSIFIER_SEL3, NIDS_INGRESS_CLASSIFIER_SEL4, NIDS_INGRESS_CLASSIFIER_SEL5,
            NIDS_INGRESS_CLASSIFIER_SEL6, NIDS_INGRESS_CLASSIFIER_SEL7);

    /** Per slot: the range table turning the slot value into an interval code. */
    public static final ImmutableList<PiTableId> RANGES = ImmutableList.of(
            NIDS_INGRESS_CLASSIFIER_RANGE0, NIDS_INGRESS_CLASSIFIER_RANGE1, NIDS_INGRESS_CLASSIFIER_RANGE2,
            NIDS_INGRESS_CLASSIFIER_RANGE3, NIDS_INGRESS_CLASSIFIER_RANGE4, NIDS_INGRESS_CLASSIFIER_RANGE5,
            NIDS_INGRESS_CLASSIFIER_RANGE6, NIDS_INGRESS_CLASSIFIER_RANGE7);

    /** Per slot: the decision table's key on that slot's code. */
    public static final ImmutableList<PiMatchFieldId> DECISION_CODE_FIELDS = ImmutableList.of(
            HDR_CODE_0, HDR_CODE_1, HDR_CODE_2, HDR_CODE_3, HDR_CODE_4, HDR_CODE_5, HDR_CODE_6, HDR_CODE_7);

    /** Every table that holds one bank of a model (each has the bank and the phase as exact keys). */
    public static final ImmutableSet<PiTableId> BANKED = ImmutableSet.<PiTableId>builder()
            .add(NIDS_INGRESS_CLASSIFIER_PHASES).addAll(SELECTORS).addAll(RANGES)
            .add(NIDS_INGRESS_CLASSIFIER_DECISION).build();

    private ClassifierTables() {
    }
}
