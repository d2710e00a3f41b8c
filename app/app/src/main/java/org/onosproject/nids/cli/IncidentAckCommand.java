/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.IncidentParams;
import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.api.UserInput;
import org.onosproject.nids.detection.Incident;

/**
 * Acknowledges an incident (and its evidence alerts) and prints it. Fails (non-zero exit) for an unknown id.
 */
@Service
@Command(scope = "onos", name = "nids-incident-ack",
        description = "Acknowledges a NIDS incident: automatic blocking leaves its source to the operator")
public class IncidentAckCommand extends NidsCommand {

    @Argument(index = 0, name = "incidentId", description = "Incident id (see nids-incidents)", required = true)
    @Completion(IncidentIdCompleter.class)
    String incidentId = null;

    @Override
    protected void doExecute() {
        Incident incident;
        try {
            long id = IncidentParams.incidentId(incidentId).orElseThrow(() -> new NidsException(
                    NidsException.Kind.NOT_FOUND, "incident " + UserInput.brief(incidentId) + " does not exist"));
            incident = getService(NidsIncidentService.class).acknowledge(id);
        } catch (NidsException e) {
            error("%s", e.getMessage());
            throw e;
        }
        if (outputJson()) {
            printJson(codec(Incident.class).encode(incident, this));
        } else {
            print("%s", IncidentsCommand.line(incident));
        }
    }
}
