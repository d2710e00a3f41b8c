/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip4Address;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.api.FlowKey;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onosproject.nids.codec.CodecUtil.integer;
import static org.onosproject.nids.codec.CodecUtil.text;

/**
 * {@link FlowKey} ⇄ JSON, the {@code flow} of an alert and of a flow record:
 * <pre>
 * {"clientIp": "10.0.0.1", "clientPort": 51512, "serverIp": "10.0.0.2", "serverPort": 80, "protocol": 6}
 * </pre>
 */
public final class AlertFlowKeyCodec extends JsonCodec<FlowKey> {

    static final String CLIENT_IP = "clientIp";
    static final String CLIENT_PORT = "clientPort";
    static final String SERVER_IP = "serverIp";
    static final String SERVER_PORT = "serverPort";
    static final String PROTOCOL = "protocol";

    @Override
    public ObjectNode encode(FlowKey key, CodecContext context) {
        checkNotNull(key, "key");
        return context.mapper().createObjectNode()
                .put(CLIENT_IP, key.clientIp().toString())
                .put(CLIENT_PORT, key.clientPort())
                .put(SERVER_IP, key.serverIp().toString())
                .put(SERVER_PORT, key.serverPort())
                .put(PROTOCOL, key.protocol());
    }

    @Override
    public FlowKey decode(ObjectNode json, CodecContext context) {
        checkNotNull(json, "json");
        return FlowKey.of(Ip4Address.valueOf(text(json, CLIENT_IP)), Ip4Address.valueOf(text(json, SERVER_IP)),
                integer(json, CLIENT_PORT), integer(json, SERVER_PORT), integer(json, PROTOCOL));
    }
}
