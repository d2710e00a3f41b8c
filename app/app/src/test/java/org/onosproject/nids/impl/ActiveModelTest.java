/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.junit.Test;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

/** Activation history, epochs and rollback of the fabric-wide model state. */
public class ActiveModelTest {

    @Test
    public void nothingIsActiveAtFirst() {
        assertFalse(ActiveModel.NONE.modelId().isPresent());
        assertEquals(0, ActiveModel.NONE.epoch());
        assertTrue(ActiveModel.NONE.history().isEmpty());
        assertFalse(ActiveModel.NONE.modelOfEpoch(0).isPresent());
        assertFalse(ActiveModel.NONE.rollback().isPresent());
    }

    @Test
    public void eachActivationGetsTheNextEpochAndPushesTheCurrentModelToHistory() {
        ActiveModel a = ActiveModel.NONE.activate("a");
        assertEquals(Optional.of("a"), a.modelId());
        assertEquals(1, a.epoch());
        assertTrue("no model was active before", a.history().isEmpty());

        ActiveModel b = a.activate("b");
        assertEquals(Optional.of("b"), b.modelId());
        assertEquals(2, b.epoch());
        assertEquals(List.of("a"), b.history());

        ActiveModel c = b.activate("c");
        assertEquals(3, c.epoch());
        assertEquals(List.of("a", "b"), c.history());
        assertEquals(Optional.of("a"), c.modelOfEpoch(1));
        assertEquals(Optional.of("b"), c.modelOfEpoch(2));
        assertEquals(Optional.of("c"), c.modelOfEpoch(3));
        assertFalse(c.modelOfEpoch(4).isPresent());
    }

    @Test
    public void statesAreValuesAndActivationLeavesTheOriginalAlone() {
        ActiveModel a = ActiveModel.NONE.activate("a");
        ActiveModel b = a.activate("b");
        assertEquals(Optional.of("a"), a.modelId());
        assertEquals(1, a.epoch());
        assertEquals(ActiveModel.NONE.activate("a"), a);
        assertEquals(ActiveModel.NONE.activate("a").hashCode(), a.hashCode());
        assertNotEquals(a, b);
    }

    @Test
    public void rollbackReturnsToThePreviousModelWithANewEpoch() {
        ActiveModel c = ActiveModel.NONE.activate("a").activate("b").activate("c");

        ActiveModel back = c.rollback().orElseThrow();
        assertEquals(Optional.of("b"), back.modelId());
        assertEquals("a rollback is a new activation: reports must not be confused with the old one", 4,
                     back.epoch());
        assertEquals(List.of("a"), back.history());
        assertEquals(Optional.of("b"), back.modelOfEpoch(4));
        assertEquals("reports stamped before the rollback still decode", Optional.of("c"), back.modelOfEpoch(3));

        ActiveModel twice = back.rollback().orElseThrow();
        assertEquals(Optional.of("a"), twice.modelId());
        assertEquals(5, twice.epoch());
        assertTrue(twice.history().isEmpty());
        assertFalse("nothing earlier than the first model", twice.rollback().isPresent());
    }

    @Test
    public void theFirstModelHasNothingToRollBackTo() {
        assertFalse(ActiveModel.NONE.activate("a").rollback().isPresent());
    }

    @Test
    public void historyKeepsOnlyTheMostRecentModels() {
        ActiveModel state = ActiveModel.NONE;
        int activations = ActiveModel.HISTORY_KEPT + 5;
        for (int i = 0; i < activations; i++) {
            state = state.activate("m" + i);
        }
        assertEquals(ActiveModel.HISTORY_KEPT, state.history().size());
        assertEquals("most recent last", "m" + (activations - 2), state.history().get(state.history().size() - 1));
        assertEquals("m" + (activations - 1 - ActiveModel.HISTORY_KEPT), state.history().get(0));
        for (int i = 0; i < ActiveModel.HISTORY_KEPT; i++) {
            state = state.rollback().orElseThrow();
        }
        assertEquals(Optional.of("m" + (activations - 1 - ActiveModel.HISTORY_KEPT)), state.modelId());
        assertFalse(state.rollback().isPresent());
    }

    @Test
    public void onlyTheMostRecentEpochsAreRemembered() {
        ActiveModel state = ActiveModel.NONE;
        int activations = ActiveModel.EPOCHS_KEPT + 10;
        for (int i = 1; i <= activations; i++) {
            state = state.activate("m" + i);
        }
        assertEquals(activations, state.epoch());
        for (long epoch = 1; epoch <= activations - ActiveModel.EPOCHS_KEPT; epoch++) {
            assertFalse("epoch " + epoch + " forgotten", state.modelOfEpoch(epoch).isPresent());
        }
        for (long epoch = activations - ActiveModel.EPOCHS_KEPT + 1; epoch <= activations; epoch++) {
            assertEquals(Optional.of("m" + epoch), state.modelOfEpoch(epoch));
        }
    }

    @Test
    public void forgettingAModelDropsItFromTheHistoryOnly() {
        ActiveModel state = ActiveModel.NONE.activate("a").activate("b").activate("a").activate("c");
        assertEquals(List.of("a", "b", "a"), state.history());

        ActiveModel forgot = state.forget("a");
        assertEquals(List.of("b"), forgot.history());
        assertEquals(Optional.of("c"), forgot.modelId());
        assertEquals(state.epoch(), forgot.epoch());
        assertEquals(Optional.of("c"), forgot.modelOfEpoch(4));
        assertEquals("rollback skips the forgotten model", Optional.of("b"),
                     forgot.rollback().orElseThrow().modelId());
        assertEquals("forgetting an unknown model changes nothing", state, state.forget("zzz"));
    }

    /** Issue 14: a failed attempt's epoch is used up; a report stamped with it names the attempted model. */
    @Test
    public void aFailedAttemptsEpochIsNeverHandedOutAgain() {
        ActiveModel a = ActiveModel.NONE.activate("a");
        ActiveModel attempt = a.activate("b");
        ActiveModel afterFailure = a.failedAttempt(attempt);
        assertEquals(Optional.of("a"), afterFailure.modelId());
        assertEquals(a.epoch(), afterFailure.epoch());
        assertEquals(Optional.of("b"), afterFailure.modelOfEpoch(attempt.epoch()));
        ActiveModel retry = afterFailure.activate("b");
        assertEquals(attempt.epoch() + 1, retry.epoch());
        // after a failed attempt at "c" (epoch +2), a rollback takes the epoch after it
        assertEquals(attempt.epoch() + 3, retry.failedAttempt(retry.activate("c")).rollback().orElseThrow().epoch());
    }
}
