/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.intent.Intent;
import org.onosproject.nids.api.BlockIntent;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link BlockIntent} → JSON for ONOS's own intent API ({@code GET /onos/v1/intents}): ONOS's generic intent fields
 * (type, id, key, appId, resources, state — from ONOS's {@code Intent} codec) plus what is blocked:
 * <pre>
 * {"type": "BlockIntent", "id": "0x1", "key": "nids-block-4", "appId": "org.onosproject.nids", "resources": [],
 *  "state": "INSTALLED", "src": "10.0.0.3", "scope": {"protocol": 6, "dstPort": 80}}
 * </pre>
 * Registered with ONOS's codec service by the block compiler, so ONOS's REST intent listing shows what each block
 * intent drops.
 */
public final class BlockIntentCodec extends JsonCodec<BlockIntent> {

    @Override
    public ObjectNode encode(BlockIntent intent, CodecContext context) {
        checkNotNull(intent, "intent");
        JsonCodec<Intent> generic = context.codec(Intent.class);
        ObjectNode json = generic != null ? generic.encode(intent, context)
                : context.mapper().createObjectNode().put("type", BlockIntent.class.getSimpleName())
                        .put("key", intent.key().toString()).put("appId", intent.appId().name());
        json.put(BlockCodec.SRC, intent.src().toString());
        json.set(BlockCodec.SCOPE, BlockCodec.encodeScope(intent.scope(), context));
        return json;
    }
}
