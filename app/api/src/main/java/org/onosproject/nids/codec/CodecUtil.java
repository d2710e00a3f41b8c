/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.ArrayList;
import java.util.List;

/** Field access shared by the NIDS codecs: required fields fail with the field's name, optional ones read null. */
final class CodecUtil {

    private CodecUtil() {
    }

    static JsonNode required(JsonNode json, String field) {
        JsonNode node = json.get(field);
        if (node == null || node.isNull()) {
            throw new IllegalArgumentException("missing field \"" + field + "\"");
        }
        return node;
    }

    static String text(JsonNode json, String field) {
        return required(json, field).asText();
    }

    static String textOrNull(JsonNode json, String field) {
        JsonNode node = json.get(field);
        return node == null || node.isNull() ? null : node.asText();
    }

    static int integer(JsonNode json, String field) {
        JsonNode node = required(json, field);
        if (!node.canConvertToInt()) {
            throw new IllegalArgumentException("field \"" + field + "\" is not an integer");
        }
        return node.asInt();
    }

    static long number(JsonNode json, String field) {
        JsonNode node = required(json, field);
        if (!node.canConvertToLong()) {
            throw new IllegalArgumentException("field \"" + field + "\" is not an integer");
        }
        return node.asLong();
    }

    static List<String> texts(JsonNode json, String field) {
        List<String> values = new ArrayList<>();
        required(json, field).forEach(node -> values.add(node.asText()));
        return values;
    }

    /** Puts a string, or JSON null when there is none. */
    static ObjectNode putNullable(ObjectNode json, String field, String value) {
        if (value == null) {
            json.putNull(field);
        } else {
            json.put(field, value);
        }
        return json;
    }
}
