/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.cli;

import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.onosproject.cli.AbstractChoicesCompleter;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsBlockService;

import java.util.List;
import java.util.stream.Collectors;

import static org.onosproject.cli.AbstractShellCommand.get;

/** Completes the ids of the blocks (newest first). */
@Service
public class BlockIdCompleter extends AbstractChoicesCompleter {

    @Override
    protected List<String> choices() {
        return get(NidsBlockService.class).blocks().stream().map(NidsBlock::id).collect(Collectors.toList());
    }
}
