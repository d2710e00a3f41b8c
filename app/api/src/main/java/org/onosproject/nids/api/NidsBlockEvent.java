/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onosproject.event.AbstractEvent;

/**
 * A block was added or removed (on any instance of the cluster).
 */
public class NidsBlockEvent extends AbstractEvent<NidsBlockEvent.Type, NidsBlock> {

    /** Kinds of block events. */
    public enum Type {
        /** A block was made; its intent has been submitted. */
        BLOCK_ADDED,
        /** A block was removed (unblocked, expired, or its source allowlisted); its intent is withdrawn. */
        BLOCK_REMOVED
    }

    /**
     * @param type  what happened
     * @param block the block (as stored)
     */
    public NidsBlockEvent(Type type, NidsBlock block) {
        super(type, block);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", type()).add("block", subject()).toString();
    }
}
