/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.detection;

import java.util.Objects;
import java.util.Optional;

/**
 * What the blocking policy says about one incident: block its source, or why not.
 */
public final class BlockDecision {

    /** The outcomes, in the order the policy checks them. */
    public enum Kind {
        /** autoBlockMinSeverity is NONE. */
        OFF,
        /** The incident's severity is below autoBlockMinSeverity. */
        BELOW_SEVERITY,
        /** The source is on the allowlist. */
        ALLOWLISTED,
        /** An operator acknowledged the incident (or it is closed): the operator decides. */
        ACKNOWLEDGED,
        /** A block already stops the source: the incident is linked to it. */
        ALREADY_BLOCKED,
        /** Fewer distinct confident flows within the window than the family's threshold. */
        WAITING,
        /** A report of the incident came from an edge port where the source is not: possibly spoofed. */
        LOCATION_MISMATCH,
        /** ONOS locates no host with the source's address. */
        LOCATION_UNKNOWN,
        /** No report came from the source's own edge port yet. */
        LOCATION_UNCONFIRMED,
        /** maxBlocks blocks are active. */
        CAP_REACHED,
        /** Block the source. */
        BLOCK
    }

    private final Kind kind;
    private final String reason;
    private final String blockId;

    /**
     * @param kind    the outcome
     * @param reason  why, one line
     * @param blockId for ALREADY_BLOCKED, the block that stops the source
     */
    public BlockDecision(Kind kind, String reason, String blockId) {
        this.kind = Objects.requireNonNull(kind, "kind");
        this.reason = Objects.requireNonNull(reason, "reason");
        this.blockId = blockId;
    }

    public Kind kind() {
        return kind;
    }

    /** @return whether the source is to be blocked now */
    public boolean blocks() {
        return kind == Kind.BLOCK;
    }

    /** @return one line: why (e.g. {@code severity MEDIUM is below HIGH}); {@code blocked} for BLOCK */
    public String reason() {
        return reason;
    }

    /** @return for ALREADY_BLOCKED, the block that stops the source */
    public Optional<String> existingBlockId() {
        return Optional.ofNullable(blockId);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof BlockDecision)) {
            return false;
        }
        BlockDecision that = (BlockDecision) o;
        return kind == that.kind && reason.equals(that.reason) && Objects.equals(blockId, that.blockId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, reason, blockId);
    }

    @Override
    public String toString() {
        return kind + ": " + reason;
    }
}
