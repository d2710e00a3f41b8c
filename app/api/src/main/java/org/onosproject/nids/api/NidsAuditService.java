/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Who may change what, and the log of every model, block, alert and policy change: who, what, when, result
 * (docs/rest-api.md, GET /onos/nids/audit). Changes need ONOS's admin role, in the GUI as in ONOS's REST API.
 */
public interface NidsAuditService {

    /** The role a change needs: ONOS's REST API asks it of every POST, PUT and DELETE. */
    String ADMIN_ROLE = "admin";
    /** The user the app's own changes are recorded as (auto-blocks, expiries, allowlist removals). */
    String APP_USER = "nids";
    /** The result of a change that succeeded. */
    String OK = "ok";

    /**
     * How a rollout (activation, rollback) is recorded: ok with the model, or failed with why.
     *
     * @param result the rollout's result
     * @return the audit result
     */
    static String outcome(RolloutResult result) {
        return result.succeeded() ? OK + ": " + result.modelId() : "failed: " + result.failureMessage();
    }

    /**
     * @param user an ONOS user name
     * @param role a role
     * @return whether the user holds the role in ONOS's user realm (false for an unknown user)
     */
    boolean hasRole(String user, String role);

    /**
     * Records a change (and logs it on one line).
     *
     * @param user   who
     * @param action what, e.g. "block.add"
     * @param target what it was done to
     * @param result {@link #OK}, "refused: reason" or "failed: reason"
     */
    void record(String user, String action, String target, String result);

    /**
     * Runs a change for a user who must hold {@link #ADMIN_ROLE} (the GUI's changes: ONOS's REST API checks the role
     * itself), and records it, refused or not.
     *
     * @param user    who
     * @param action  what
     * @param target  what it is done to
     * @param change  the change
     * @param outcome how its value is recorded
     * @param <T>     the value of the change
     * @return the value of the change
     * @throws NidsException FORBIDDEN, recorded as refused, when the user lacks the role
     */
    default <T> T adminChange(String user, String action, String target, Supplier<T> change,
                              Function<T, String> outcome) {
        return change(user, action, target, () -> {
            if (!hasRole(user, ADMIN_ROLE)) {
                throw new NidsException(NidsException.Kind.FORBIDDEN, user + " lacks ONOS's " + ADMIN_ROLE
                        + " role: viewers change nothing");
            }
            return change.get();
        }, outcome);
    }

    /**
     * Runs a change and records how it ended: {@link #OK} or what outcome makes of its value, "refused: reason" for
     * a {@link NidsException} (a 4xx), "failed: reason" for a device failure or any other exception.
     *
     * @param user    who
     * @param action  what
     * @param target  what it is done to
     * @param change  the change
     * @param outcome how its value is recorded
     * @param <T>     the value of the change
     * @return the value of the change
     */
    default <T> T change(String user, String action, String target, Supplier<T> change, Function<T, String> outcome) {
        T value;
        try {
            value = change.get();
        } catch (NidsException e) {
            record(user, action, target, (e.kind() == NidsException.Kind.DEVICE_FAILURE ? "failed: " : "refused: ")
                    + e.getMessage());
            throw e;
        } catch (RuntimeException e) {
            record(user, action, target, "failed: " + e);
            throw e;
        }
        record(user, action, target, outcome.apply(value));
        return value;
    }

    /**
     * @param limit at most this many
     * @return the newest entries, newest first
     */
    List<AuditEntry> entries(int limit);

    /** @return entries the bounded log let go (the oldest first), cluster-wide */
    long evicted();

    /**
     * @return entries this instance could not store (the storage nodes unreachable): each is in its ONOS log only
     */
    default long notStored() {
        return 0;
    }
}
