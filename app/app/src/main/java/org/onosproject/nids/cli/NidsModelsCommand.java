/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.ModelSummary;
import org.onosproject.nids.api.NidsModelService;

import java.util.List;

/**
 * Lists the stored models; {@code *} marks the active one. With -j, the JSON of GET /onos/nids/models.
 */
@Service
@Command(scope = "onos", name = "nids-models", description = "Lists the stored NIDS models (* = active)")
public class NidsModelsCommand extends NidsCommand {

    static final String HEADER = String.format("  %-21s %-20s %7s %8s %6s %7s  %s",
            "id", "created", "classes", "features", "leaves", "entries", "name");

    @Override
    protected void doExecute() {
        List<ModelSummary> models = getService(NidsModelService.class).summaries();
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("models");
            models.forEach(summary -> array.add(codec(ModelSummary.class).encode(summary, this)));
            printJson(root);
            return;
        }
        if (models.isEmpty()) {
            print("No models stored.");
            return;
        }
        print("%s", HEADER);
        for (ModelSummary model : models) {
            print("%s %-21s %-20s %7d %8d %6d %7d  %s", model.active() ? "*" : " ", model.id(), model.createdAt(),
                    model.classes().size(), model.features().size(), model.leaves(), model.entries(),
                    model.name());
        }
    }
}
