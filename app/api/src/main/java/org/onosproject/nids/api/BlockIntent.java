/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.api;

import com.google.common.base.MoreObjects;
import org.onlab.packet.Ip4Address;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.intent.Intent;
import org.onosproject.net.intent.Key;

import java.util.List;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * "Drop this source's IPv4 traffic where it enters the fabric", optionally only to a destination prefix, with an IP
 * protocol, to an L4 port ({@link BlockScope}). The NIDS app's compiler turns it into drop rules in the pipeline's
 * ACL table on the edge ports where ONOS's host service locates the source, and ONOS recompiles it when the host
 * moves or a switch comes back. Withdrawing it removes the rules.
 */
public final class BlockIntent extends Intent {

    private final Ip4Address src;
    private final BlockScope scope;

    private BlockIntent(ApplicationId appId, Key key, int priority, Ip4Address src, BlockScope scope) {
        super(appId, key, List.of(), priority, null);
        this.src = checkNotNull(src, "src");
        this.scope = checkNotNull(scope, "scope");
    }

    /** Constructor for serializers. */
    private BlockIntent() {
        super();
        this.src = null;
        this.scope = null;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** @return the source whose packets are dropped */
    public Ip4Address src() {
        return src;
    }

    /** @return which of the source's packets are dropped */
    public BlockScope scope() {
        return scope;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(getClass()).add("id", id()).add("key", key()).add("appId", appId())
                .add("priority", priority()).add("src", src).add("scope", scope).toString();
    }

    /** Builder of block intents. */
    public static final class Builder extends Intent.Builder {
        private Ip4Address src;
        private BlockScope scope = BlockScope.ALL;

        private Builder() {
        }

        @Override
        public Builder appId(ApplicationId appId) {
            return (Builder) super.appId(appId);
        }

        @Override
        public Builder key(Key key) {
            return (Builder) super.key(key);
        }

        @Override
        public Builder priority(int priority) {
            return (Builder) super.priority(priority);
        }

        public Builder src(Ip4Address src) {
            this.src = src;
            return this;
        }

        public Builder scope(BlockScope scope) {
            this.scope = scope;
            return this;
        }

        public BlockIntent build() {
            return new BlockIntent(checkNotNull(appId, "appId"), key, priority, src, scope);
        }
    }
}
