/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

/**
 * The audit log of the CLI, REST and GUI tests: it grants roles by a rule and keeps what it is told, newest first,
 * each entry at 1 s past the epoch.
 */
public final class RecordingAudit implements NidsAuditService {

    /** What {@link #evicted()} reports: not 0, so a test sees the count passed on. */
    public static final long EVICTED = 3;

    private final BiPredicate<String, String> hasRole;
    private final List<AuditEntry> recorded = new CopyOnWriteArrayList<>();

    /**
     * @param hasRole whether a user (first) has a role (second)
     */
    public RecordingAudit(BiPredicate<String, String> hasRole) {
        this.hasRole = hasRole;
    }

    /** @return an audit log where everybody is an admin */
    public static RecordingAudit everybodyAdmin() {
        return new RecordingAudit((user, role) -> true);
    }

    /** @return an audit log whose users are ONOS's: "onos" an admin, "guest" a viewer */
    public static RecordingAudit onosUsers() {
        return new RecordingAudit((user, role) -> "onos".equals(user)
                || "guest".equals(user) && "viewer".equals(role));
    }

    /** @return what was recorded, oldest first, as "user action target result" */
    public List<String> recorded() {
        List<String> lines = recorded.stream().map(e -> e.user() + " " + e.action() + " " + e.target() + " "
                + e.result()).collect(Collectors.toList());
        Collections.reverse(lines);
        return lines;
    }

    @Override
    public boolean hasRole(String user, String role) {
        return hasRole.test(user, role);
    }

    @Override
    public void record(String user, String action, String target, String result) {
        recorded.add(0, new AuditEntry(1_000, "local", user, action, target, result));
    }

    @Override
    public List<AuditEntry> entries(int limit) {
        List<AuditEntry> newestFirst = List.copyOf(recorded);
        return newestFirst.subList(0, Math.min(limit, newestFirst.size()));
    }

    @Override
    public long evicted() {
        return EVICTED;
    }
}
