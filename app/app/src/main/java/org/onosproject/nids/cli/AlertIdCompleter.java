/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.nids.api.AlertQuery;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.NidsAlertService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/** Completes the ids of the open alerts (newest first). */
@Service
public class AlertIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return openAlertIds(get(NidsAlertService.class));
    }

    static List<String> openAlertIds(NidsAlertService service) {
        return service.alerts(AlertQuery.builder().state(AlertState.OPEN).limit(AlertQuery.MAX_LIMIT).build())
                .stream().map(alert -> Long.toString(alert.id())).collect(Collectors.toList());
    }
}
