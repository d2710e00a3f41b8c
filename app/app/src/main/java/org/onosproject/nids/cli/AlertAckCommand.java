/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.AlertParams;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsAlertService;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.UserInput;

/**
 * Acknowledges an alert and prints it. Fails (non-zero exit) for an unknown id.
 */
@Service
@Command(scope = "onos", name = "nids-alert-ack", description = "Acknowledges a NIDS alert")
public class AlertAckCommand extends NidsCommand {

    @Argument(index = 0, name = "alertId", description = "Alert id (see nids-alerts)", required = true)
    @Completion(AlertIdCompleter.class)
    String alertId = null;

    @Override
    protected void doExecute() {
        long id = AlertParams.alertId(alertId).orElseThrow(() -> {
            String reason = "alert " + UserInput.brief(alertId) + " does not exist";
            error("%s", reason);
            return new NidsException(NidsException.Kind.NOT_FOUND, reason);
        });
        NidsAlert alert;
        try {
            alert = audited("alert.ack", alertId, () -> getService(NidsAlertService.class).acknowledge(id));
        } catch (NidsException e) {
            error("%s", e.getMessage());
            throw e;
        }
        if (outputJson()) {
            printJson(codec(NidsAlert.class).encode(alert, this));
        } else {
            print("%s", AlertsCommand.line(alert));
        }
    }
}
