/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsModelService;

/**
 * Re-activates the model that was active before the current one and prints each switch's outcome.
 */
@Service
@Command(scope = "onos", name = "nids-rollback",
        description = "Re-activates the previously active NIDS model on every switch")
public class NidsRollbackCommand extends NidsCommand {

    @Override
    protected void doExecute() {
        printRollout(audited("model.rollback", "-", () -> getService(NidsModelService.class).rollback(),
                             NidsAuditService::outcome));
    }
}
