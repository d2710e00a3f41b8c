/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.nids.api.NidsModelService;
import org.onosproject.nids.model.bundle.ModelBundle;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/** Completes the ids of the stored models. */
@Service
public class ModelIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return modelIds(get(NidsModelService.class));
    }

    static List<String> modelIds(NidsModelService service) {
        return service.models().stream().map(ModelBundle::modelId).sorted().collect(Collectors.toList());
    }
}
