/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.rest.BaseResource;
import org.onosproject.nids.api.NidsAuditService;

import javax.ws.rs.core.SecurityContext;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A REST change run and recorded in the audit log ({@link NidsAuditService#change}) with the user ONOS authenticated,
 * the target, and how it ended. Without the audit service the change still runs (it is recorded nowhere).
 */
final class Audit {

    private Audit() {
    }

    /**
     * @param services the resource (its services)
     * @param security the request's security context (the authenticated user)
     * @param action   what, e.g. "model.activate"
     * @param target   what it is done to (before it runs: an id, a source)
     * @param change   the change
     * @param outcome  how its value is recorded (ok, or failed for a rollout that did not succeed)
     * @param <T>      the value of the change
     * @return the value of the change
     */
    static <T> T change(BaseResource services, SecurityContext security, String action, String target,
                        Supplier<T> change, Function<T, String> outcome) {
        NidsAuditService audit;
        try {
            audit = services.get(NidsAuditService.class);
        } catch (ServiceNotFoundException e) {
            return change.get();
        }
        return audit.change(user(security), action, target, change, outcome);
    }

    /** As {@link #change(BaseResource, SecurityContext, String, String, Supplier, Function)}, recorded ok. */
    static <T> T change(BaseResource services, SecurityContext security, String action, String target,
                        Supplier<T> change) {
        return change(services, security, action, target, change, value -> NidsAuditService.OK);
    }

    /** The user ONOS authenticated the request as ("unknown" without one, as ONOS's GUI says). */
    static String user(SecurityContext security) {
        return security == null || security.getUserPrincipal() == null ? "unknown"
                : security.getUserPrincipal().getName();
    }
}
