/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockRequest;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.UserInput;

import java.util.Iterator;
import java.util.Set;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The body of {@code POST /blocks} → {@link BlockRequest} (always MANUAL):
 * <pre>
 * {"src": "10.0.0.3", "ttlSeconds": 600, "reason": "…", "alertId": 42, "incidentId": 7,
 *  "scope": {"dst": "10.0.0.0/24", "protocol": 6, "dstPort": 80}}
 * </pre>
 * Only {@code src} is required; no {@code ttlSeconds} means the policy's default, 0 no expiry; no scope blocks all
 * of the source's IPv4 traffic. Every refusal is an {@link IllegalArgumentException} naming the field.
 */
public final class BlockRequestCodec extends JsonCodec<BlockRequest> {

    static final String TTL_SECONDS = "ttlSeconds";
    private static final Set<String> FIELDS = Set.of(BlockCodec.SRC, TTL_SECONDS, BlockCodec.REASON,
                                                     BlockCodec.ALERT_ID, BlockCodec.INCIDENT_ID, BlockCodec.SCOPE);
    private static final Set<String> SCOPE_FIELDS = Set.of(BlockCodec.DST, BlockCodec.PROTOCOL, BlockCodec.DST_PORT);

    @Override
    public BlockRequest decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        unknownFields(json, FIELDS, "");
        String src = CodecUtil.text(json, BlockCodec.SRC);
        BlockRequest.Builder request = BlockRequest.builder(address(src)).origin(BlockOrigin.MANUAL);
        JsonNode scope = json.get(BlockCodec.SCOPE);
        if (scope != null && !scope.isNull()) {
            request.scope(scope(scope));
        }
        if (json.hasNonNull(TTL_SECONDS)) {
            JsonNode ttl = json.get(TTL_SECONDS);
            if (!ttl.isIntegralNumber() || !ttl.canConvertToLong() || ttl.asLong() < 0
                    || ttl.asLong() > BlockRequest.MAX_TTL_SECONDS) {
                throw new IllegalArgumentException("ttlSeconds: expected an integer 0.." + BlockRequest.MAX_TTL_SECONDS
                                                           + ", got " + UserInput.brief(ttl));
            }
            request.ttlSeconds(ttl.asLong());
        }
        if (json.hasNonNull(BlockCodec.REASON)) {
            request.reason(json.get(BlockCodec.REASON).asText());
        }
        if (json.hasNonNull(BlockCodec.ALERT_ID)) {
            request.alertId(id(json, BlockCodec.ALERT_ID, "an alert id"));
        }
        if (json.hasNonNull(BlockCodec.INCIDENT_ID)) {
            request.incidentId(id(json, BlockCodec.INCIDENT_ID, "an incident id"));
        }
        return request.build();
    }

    /** An id field: a non-negative integer, or its digits as text. */
    private static long id(ObjectNode json, String field, String what) {
        JsonNode value = json.get(field);
        boolean number = value.isIntegralNumber() && value.canConvertToLong() && value.asLong() >= 0;
        if (!number && !(value.isTextual() && value.asText().matches("\\d{1,18}"))) {
            throw new IllegalArgumentException(field + ": expected " + what + ", got " + UserInput.brief(value));
        }
        return value.asLong();
    }

    /**
     * @param json {"dst": "a.b.c.d/len", "protocol": 0..255, "dstPort": 1..65535}, each optional
     * @return the scope
     */
    static BlockScope scope(JsonNode json) {
        if (!json.isObject()) {
            throw new IllegalArgumentException("scope: expected an object, got " + UserInput.brief(json));
        }
        unknownFields(json, SCOPE_FIELDS, "scope.");
        Ip4Prefix dst = null;
        if (json.hasNonNull(BlockCodec.DST)) {
            String text = json.get(BlockCodec.DST).asText();
            try {
                dst = text.contains("/") ? Ip4Prefix.valueOf(text) : Ip4Prefix.valueOf(Ip4Address.valueOf(text), 32);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("scope.dst: not an IPv4 address or CIDR: " + UserInput.quoted(text));
            }
        }
        Integer proto = json.hasNonNull(BlockCodec.PROTOCOL) ? integer(json, BlockCodec.PROTOCOL, 0, 255) : null;
        Integer port = json.hasNonNull(BlockCodec.DST_PORT) ? integer(json, BlockCodec.DST_PORT, 1, 65535) : null;
        try {
            return BlockScope.of(dst, proto, port);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("scope: " + e.getMessage());
        }
    }

    /**
     * @param text an IPv4 address
     * @return it
     * @throws IllegalArgumentException "src: not an IPv4 address"
     */
    public static Ip4Address address(String text) {
        // Ip4Address.valueOf accepts forms like "10.1" (inet_aton); a block needs the dotted quad.
        if (text == null || !text.strip().matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
            throw new IllegalArgumentException("src: not an IPv4 address: " + UserInput.quoted(text));
        }
        try {
            return Ip4Address.valueOf(text.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("src: not an IPv4 address: " + UserInput.quoted(text));
        }
    }

    private static int integer(JsonNode json, String field, int min, int max) {
        JsonNode node = json.get(field);
        if (!node.isIntegralNumber() || node.asLong() < min || node.asLong() > max) {
            throw new IllegalArgumentException("scope." + field + ": expected an integer " + min + ".." + max
                                                       + ", got " + UserInput.brief(node));
        }
        return node.asInt();
    }

    private static void unknownFields(JsonNode json, Set<String> known, String prefix) {
        for (Iterator<String> names = json.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!known.contains(name)) {
                throw new IllegalArgumentException("unknown field " + UserInput.quoted(prefix + name));
            }
        }
    }
}
