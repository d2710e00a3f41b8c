/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;

import static com.google.common.base.Preconditions.checkNotNull;

/** One change, as the audit log keeps it: who did what to what, when, through which instance, and how it ended. */
public final class AuditEntry {

    private final long timeMillis;
    private final String instance;
    private final String user;
    private final String action;
    private final String target;
    private final String result;

    /**
     * @param timeMillis when (controller time, ms)
     * @param instance   the cluster instance that recorded it (ONOS node id)
     * @param user       who: an ONOS user, or "nids" for what the app does by itself (auto-block, expiry)
     * @param action     what, e.g. "model.activate", "block.add", "alert.ack", "policy.set"
     * @param target     what it was done to (model id, block id, source, alert id, property)
     * @param result     "ok", or "refused: reason", or "failed: reason"
     */
    public AuditEntry(long timeMillis, String instance, String user, String action, String target, String result) {
        this.timeMillis = timeMillis;
        this.instance = checkNotNull(instance, "instance");
        this.user = checkNotNull(user, "user");
        this.action = checkNotNull(action, "action");
        this.target = checkNotNull(target, "target");
        this.result = checkNotNull(result, "result");
    }

    public long timeMillis() {
        return timeMillis;
    }

    public String instance() {
        return instance;
    }

    public String user() {
        return user;
    }

    public String action() {
        return action;
    }

    public String target() {
        return target;
    }

    public String result() {
        return result;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("timeMillis", timeMillis).add("instance", instance)
                .add("user", user).add("action", action)
                .add("target", target).add("result", result).toString();
    }
}
