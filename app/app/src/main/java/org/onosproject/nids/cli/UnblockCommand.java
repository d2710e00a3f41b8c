/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;
import org.onosproject.nids.api.NidsException;

/**
 * Removes a block (its intent is withdrawn, the drop rules go). Fails (non-zero exit) for an unknown id.
 */
@Service
@Command(scope = "onos", name = "nids-unblock", description = "Removes a NIDS block")
public class UnblockCommand extends NidsCommand {

    @Argument(index = 0, name = "blockId", description = "Block id (see nids-blocks)", required = true)
    @Completion(BlockIdCompleter.class)
    String blockId = null;

    @Override
    protected void doExecute() {
        NidsBlock removed;
        try {
            removed = audited("block.remove", blockId, () -> getService(NidsBlockService.class).unblock(blockId));
        } catch (NidsException e) {
            error("%s", e.getMessage());
            throw e;
        }
        print("Unblocked %s (block %s)", removed.src(), removed.id());
    }
}
