/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.nids.detection.IncidentState;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** Completes incident states. */
@Service
public class IncidentStateCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return Arrays.stream(IncidentState.values()).map(Enum::name).collect(Collectors.toList());
    }
}
