/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.api.NidsException;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * Error bodies of the NIDS REST API, shaped like ONOS's own ({@code {"code": 400, "message": "…"}}), and the one
 * mapping from {@link NidsException.Kind} to an HTTP status.
 */
final class NidsErrors {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private NidsErrors() {
    }

    /**
     * The status a refusal maps to.
     *
     * @param kind the kind of refusal
     * @return INVALID 400, NOT_FOUND 404, CONFLICT 409, DEVICE_FAILURE 502, TOO_LARGE 413, FORBIDDEN 403
     */
    static Response.Status statusOf(NidsException.Kind kind) {
        switch (kind) {
            case INVALID:
                return Response.Status.BAD_REQUEST;
            case NOT_FOUND:
                return Response.Status.NOT_FOUND;
            case CONFLICT:
                return Response.Status.CONFLICT;
            case DEVICE_FAILURE:
                return Response.Status.BAD_GATEWAY;
            case TOO_LARGE:
                return Response.Status.REQUEST_ENTITY_TOO_LARGE;
            case FORBIDDEN:
                return Response.Status.FORBIDDEN;
            default:
                return Response.Status.INTERNAL_SERVER_ERROR;
        }
    }

    /**
     * An error body.
     *
     * @param status  the response status
     * @param message the reason (made one line)
     * @return {@code {"code": status, "message": reason}}
     */
    static ObjectNode body(Response.StatusType status, String message) {
        return MAPPER.createObjectNode().put("code", status.getStatusCode()).put("message", oneLine(message));
    }

    /**
     * An error response.
     *
     * @param status  the response status
     * @param message the reason
     * @return the response with a JSON error body
     */
    static Response response(Response.StatusType status, String message) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body(status, message).toString()).build();
    }

    /** A reason as one line: line breaks (e.g. from a parser's message) become spaces. */
    static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "unknown error";
        }
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
