/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.NidsException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import static org.onosproject.nids.api.NidsException.Kind.INVALID;
import static org.onosproject.nids.api.NidsException.Kind.TOO_LARGE;

/**
 * Request bodies read within limits, before anything is parsed into a tree or stored: at most {@link #MAX_BYTES}
 * (413 above), nested at most so deep (400 deeper; a recursive parser would otherwise run out of stack), one JSON
 * object. Every refusal is a {@link NidsException} with a one-line reason.
 */
final class JsonBodies {

    /** The largest body accepted, but a model bundle's ({@code ModelsWebResource.MAX_MODEL_BYTES}). */
    static final int MAX_BYTES = 1 << 20;
    /** Nesting of a body that is no model: a block request is 2 levels deep. */
    static final int MAX_DEPTH = 16;

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonBodies() {
    }

    /**
     * @param body     the request body (null: none)
     * @param maxDepth the deepest nesting accepted (objects and arrays)
     * @param expected what the body should be, for the reasons ("a model bundle (a JSON object)")
     * @return the body as text, a well-formed JSON object within the limits
     * @throws NidsException TOO_LARGE above {@link #MAX_BYTES}; INVALID when empty, malformed, nested too deep or
     *                       not an object
     */
    static String objectText(InputStream body, int maxDepth, String expected) {
        return objectText(body, maxDepth, expected, MAX_BYTES);
    }

    /**
     * @param body     the request body (null: none)
     * @param maxDepth the deepest nesting accepted (objects and arrays)
     * @param expected what the body should be, for the reasons
     * @param maxBytes the largest body accepted
     * @return the body as text, a well-formed JSON object within the limits
     * @throws NidsException TOO_LARGE above maxBytes; INVALID when empty, malformed, nested too deep or not an object
     */
    static String objectText(InputStream body, int maxDepth, String expected, int maxBytes) {
        byte[] bytes = bounded(body, maxBytes);
        String json = new String(bytes, StandardCharsets.UTF_8);
        if (json.isBlank()) {
            throw new NidsException(INVALID, "empty body: expected " + expected);
        }
        checkShape(json, maxDepth, expected);
        return json;
    }

    /**
     * @param body     the request body
     * @param mapper   the mapper building the tree
     * @param maxDepth the deepest nesting accepted
     * @param expected what the body should be
     * @return the body as a JSON object
     */
    static ObjectNode object(InputStream body, ObjectMapper mapper, int maxDepth, String expected) {
        String json = objectText(body, maxDepth, expected);
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw malformed(e);
        }
    }

    private static byte[] bounded(InputStream body, int maxBytes) {
        if (body == null) {
            return new byte[0];
        }
        try {
            byte[] bytes = body.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw new NidsException(TOO_LARGE, "request body larger than " + maxBytes + " bytes");
            }
            return bytes;
        } catch (IOException e) {
            throw new NidsException(INVALID, "cannot read the request body: " + e.getMessage(), e);
        }
    }

    /** One streaming pass: well-formed, one object, never deeper than maxDepth. No tree is built. */
    private static void checkShape(String json, int maxDepth, String expected) {
        try (JsonParser parser = FACTORY.createParser(json)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_OBJECT) {
                throw new NidsException(INVALID, "expected " + expected + ", got "
                        + (first == null ? "nothing" : describe(first)));
            }
            int depth = 1;
            while (depth > 0) {
                JsonToken token = parser.nextToken();
                if (token == null) {
                    throw new NidsException(INVALID, "malformed JSON: the body ends inside an object");
                }
                if (token.isStructStart()) {
                    depth++;
                    if (depth > maxDepth) {
                        JsonLocation where = parser.getCurrentLocation();
                        throw new NidsException(INVALID, "JSON nested deeper than " + maxDepth + " levels (line "
                                + where.getLineNr() + ", column " + where.getColumnNr() + ")");
                    }
                } else if (token.isStructEnd()) {
                    depth--;
                }
            }
            if (parser.nextToken() != null) {
                throw new NidsException(INVALID, "malformed JSON: more than one value in the body");
            }
        } catch (JsonProcessingException e) {
            throw malformed(e);
        } catch (IOException e) {
            throw new NidsException(INVALID, "cannot read the request body: " + e.getMessage(), e);
        }
    }

    private static String describe(JsonToken token) {
        switch (token) {
            case START_ARRAY:
                return "array";
            case VALUE_STRING:
                return "string";
            case VALUE_NUMBER_INT:
            case VALUE_NUMBER_FLOAT:
                return "number";
            default:
                return token.asString() != null ? token.asString() : token.name().toLowerCase();
        }
    }

    private static NidsException malformed(JsonProcessingException e) {
        JsonLocation where = e.getLocation();
        return new NidsException(INVALID, "malformed JSON: " + e.getOriginalMessage()
                + (where != null ? " (line " + where.getLineNr() + ", column " + where.getColumnNr() + ")" : ""), e);
    }
}
