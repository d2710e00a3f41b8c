/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip4Address;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.net.DeviceId;
import org.onosproject.nids.api.BlockOrigin;
import org.onosproject.nids.api.BlockScope;
import org.onosproject.nids.api.NidsBlock;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link NidsBlock} ⇄ JSON, an element of {@code GET /blocks} and the body of {@code POST /blocks}' answer:
 * <pre>
 * {"id": "4", "src": "10.0.0.3", "scope": {"dst": "10.0.0.0/24", "protocol": 6, "dstPort": 80},
 *  "reason": "auto-block: HIGH Attack incident 7 …", "alertId": 42, "incidentId": 7, "origin": "auto",
 *  "createdAt": 1768471200000,
 *  "expiresAt": 1768471800000, "state": "INSTALLED", "intentKey": "nids-block-4", "devices": ["device:bmv2:s1"]}
 * </pre>
 * {@code alertId}, {@code incidentId} and {@code expiresAt} (ms since the epoch) are left out when there is none; an empty scope
 * ({@code {}}) blocks all of the source's IPv4 traffic. {@code state} and {@code devices} come from ONOS's intent
 * service; {@code intentKey} is derived from the id.
 */
public final class BlockCodec extends JsonCodec<NidsBlock> {

    static final String ID = "id";
    static final String SRC = "src";
    static final String SCOPE = "scope";
    static final String DST = "dst";
    static final String PROTOCOL = "protocol";
    static final String DST_PORT = "dstPort";
    static final String REASON = "reason";
    static final String ALERT_ID = "alertId";
    static final String INCIDENT_ID = "incidentId";
    static final String ORIGIN = "origin";
    static final String CREATED_AT = "createdAt";
    static final String EXPIRES_AT = "expiresAt";
    static final String STATE = "state";
    static final String INTENT_KEY = "intentKey";
    static final String DEVICES = "devices";

    @Override
    public ObjectNode encode(NidsBlock block, CodecContext context) {
        checkNotNull(block, "block");
        ObjectNode json = context.mapper().createObjectNode()
                .put(ID, block.id())
                .put(SRC, block.src().toString());
        json.set(SCOPE, encodeScope(block.scope(), context));
        json.put(REASON, block.reason());
        block.alertId().ifPresent(id -> json.put(ALERT_ID, id));
        block.incidentId().ifPresent(id -> json.put(INCIDENT_ID, id));
        json.put(ORIGIN, block.origin().name().toLowerCase(Locale.ROOT));
        json.put(CREATED_AT, block.createdMillis());
        block.expiresMillis().ifPresent(t -> json.put(EXPIRES_AT, t));
        CodecUtil.putNullable(json, STATE, block.state().orElse(null));
        json.put(INTENT_KEY, block.intentKey());
        ArrayNode devices = json.putArray(DEVICES);
        block.devices().forEach(device -> devices.add(device.toString()));
        return json;
    }

    static ObjectNode encodeScope(BlockScope scope, CodecContext context) {
        ObjectNode json = context.mapper().createObjectNode();
        scope.dst().ifPresent(dst -> json.put(DST, dst.toString()));
        scope.ipProto().ifPresent(proto -> json.put(PROTOCOL, proto));
        scope.dstPort().ifPresent(port -> json.put(DST_PORT, port));
        return json;
    }

    @Override
    public NidsBlock decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        JsonNode scope = json.get(SCOPE);
        List<DeviceId> devices = new ArrayList<>();
        if (json.hasNonNull(DEVICES)) {
            CodecUtil.texts(json, DEVICES).forEach(id -> devices.add(DeviceId.deviceId(id)));
        }
        return NidsBlock.builder()
                .id(CodecUtil.text(json, ID))
                .src(Ip4Address.valueOf(CodecUtil.text(json, SRC)))
                .scope(scope == null || scope.isNull() ? BlockScope.ALL : BlockRequestCodec.scope(scope))
                .reason(CodecUtil.text(json, REASON))
                .alertId(json.hasNonNull(ALERT_ID) ? CodecUtil.number(json, ALERT_ID) : null)
                .incidentId(json.hasNonNull(INCIDENT_ID) ? CodecUtil.number(json, INCIDENT_ID) : null)
                .origin(BlockOrigin.valueOf(CodecUtil.text(json, ORIGIN).toUpperCase(Locale.ROOT)))
                .createdMillis(CodecUtil.number(json, CREATED_AT))
                .expiresMillis(json.hasNonNull(EXPIRES_AT) ? CodecUtil.number(json, EXPIRES_AT) : 0)
                .state(CodecUtil.textOrNull(json, STATE))
                .devices(devices)
                .build();
    }
}
