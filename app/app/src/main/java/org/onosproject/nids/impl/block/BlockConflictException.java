/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.block;

import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.NidsException;

import java.util.Optional;

/**
 * A block the store refused: the source is already blocked with that scope (the block is named), or the cap is
 * reached. A CONFLICT (REST 409).
 */
public class BlockConflictException extends NidsException {

    private final transient NidsBlock existing;

    BlockConflictException(String reason, NidsBlock existing) {
        super(Kind.CONFLICT, reason);
        this.existing = existing;
    }

    /** @return the block already there, when that is the conflict */
    public Optional<NidsBlock> existing() {
        return Optional.ofNullable(existing);
    }
}
