/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;

import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Lists the blocks, newest first, with their intents' state and edge switches. With -j, the JSON of
 * GET /onos/nids/blocks.
 */
@Service
@Command(scope = "onos", name = "nids-blocks", description = "Lists NIDS blocks (sources dropped at the fabric edge)")
public class BlocksCommand extends NidsCommand {

    @Override
    protected void doExecute() {
        List<NidsBlock> blocks = getService(NidsBlockService.class).blocks();
        if (outputJson()) {
            ObjectNode root = mapper().createObjectNode();
            ArrayNode array = root.putArray("blocks");
            blocks.forEach(block -> array.add(codec(NidsBlock.class).encode(block, this)));
            printJson(root);
            return;
        }
        if (blocks.isEmpty()) {
            print("No blocks.");
            return;
        }
        blocks.forEach(block -> print("%s", line(block)));
    }

    /**
     * @param block a block
     * @return {@code 4 10.0.0.3 scope=all auto alert=42 INSTALLED devices=device:bmv2:s1
     *         expires=2026-01-15T10:10:00Z intent=nids-block-4 reason="…"}
     */
    static String line(NidsBlock block) {
        return String.format("%s %s scope=%s %s%s%s %s devices=%s expires=%s intent=%s reason=\"%s\"",
                block.id(), block.src(), block.scope(), block.origin().name().toLowerCase(),
                block.incidentId().map(id -> " incident=" + id).orElse(""),
                block.alertId().map(id -> " alert=" + id).orElse(""), block.state().orElse("-"),
                block.devices().isEmpty() ? "-" : block.devices().stream().map(Object::toString)
                        .collect(Collectors.joining(",")),
                block.expiresMillis().map(t -> Instant.ofEpochMilli(t).toString()).orElse("never"),
                block.intentKey(), block.reason());
    }
}
