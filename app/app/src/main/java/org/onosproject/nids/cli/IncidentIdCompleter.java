/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.IncidentQuery;
import org.onosproject.nids.api.NidsIncidentService;
import org.onosproject.nids.detection.IncidentState;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/** Completes the ids of open incidents. */
@Service
public class IncidentIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(NidsIncidentService.class)
                .incidents(IncidentQuery.builder().state(IncidentState.OPEN).limit(AlertQuery.MAX_LIMIT).build())
                .stream().map(incident -> Long.toString(incident.id())).collect(Collectors.toList());
    }
}
