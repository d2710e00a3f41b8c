/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.detection.BlockPolicy;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link BlockPolicy} → JSON, named like the component properties it comes from:
 * <pre>
 * {"autoBlockMinSeverity": "HIGH", "autoBlockMinAlerts": 0,
 *  "autoBlockMinFlows": "Scan=10,Flood=10,BruteForce=5,SlowDoS=5,Other=5", "autoBlockWindowSeconds": 60,
 *  "blockTtlSeconds": 600, "blockAllowlist": ["10.0.0.0/30"], "maxBlocks": 100}
 * </pre>
 */
public final class BlockPolicyCodec extends JsonCodec<BlockPolicy> {

    @Override
    public ObjectNode encode(BlockPolicy policy, CodecContext context) {
        checkNotNull(policy, "policy");
        ObjectNode json = context.mapper().createObjectNode()
                .put("autoBlockMinSeverity", policy.autoBlockMinSeverity().map(Enum::name).orElse(BlockPolicy.NONE))
                .put("autoBlockMinAlerts", policy.autoBlockMinAlerts())
                .put("autoBlockMinFlows", policy.minFlowsSpec())
                .put("autoBlockWindowSeconds", policy.autoBlockWindowSeconds())
                .put("blockTtlSeconds", policy.ttlSeconds());
        ArrayNode allowlist = json.putArray("blockAllowlist");
        policy.allowlist().forEach(prefix -> allowlist.add(prefix.toString()));
        json.put("maxBlocks", policy.maxBlocks());
        return json;
    }
}
