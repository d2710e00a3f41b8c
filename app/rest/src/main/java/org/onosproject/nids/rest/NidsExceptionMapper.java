/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onosproject.nids.api.NidsException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;

/**
 * Every {@link NidsException} a resource lets through, as its status (INVALID 400, NOT_FOUND 404, CONFLICT 409,
 * DEVICE_FAILURE 502, TOO_LARGE 413, FORBIDDEN 403) with the body {@code {"code": status, "message": reason}}.
 */
@Provider
public class NidsExceptionMapper implements ExceptionMapper<NidsException> {

    @Override
    public Response toResponse(NidsException e) {
        return NidsErrors.response(NidsErrors.statusOf(e.kind()), e.getMessage());
    }
}
