/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.NidsModelService;

/**
 * Activates a stored model on every switch running the NIDS pipeconf and prints each switch's outcome. Fails (with
 * the device and why) if any switch failed; the previously active model then stays active.
 */
@Service
@Command(scope = "onos", name = "nids-activate",
        description = "Activates a stored NIDS model on every switch (rollout with per-switch rollback)")
public class NidsActivateCommand extends NidsCommand {

    @Argument(index = 0, name = "modelId", description = "Model id (see nids-models)", required = true)
    @Completion(ModelIdCompleter.class)
    String modelId = null;

    @Override
    protected void doExecute() {
        printRollout(audited("model.activate", modelId, () -> getService(NidsModelService.class).activate(modelId),
                             NidsAuditService::outcome));
    }
}
