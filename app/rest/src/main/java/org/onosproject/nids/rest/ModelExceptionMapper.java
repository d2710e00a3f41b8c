/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.onosproject.nids.model.ModelException;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import javax.ws.rs.ext.Provider;

/**
 * A model-core refusal (unreadable bundle, capacity exceeded, …) that reaches REST without being wrapped in a
 * NidsException: 400 with its one-line reason, as INVALID would be.
 */
@Provider
public class ModelExceptionMapper implements ExceptionMapper<ModelException> {

    @Override
    public Response toResponse(ModelException e) {
        return NidsErrors.response(Response.Status.BAD_REQUEST, e.getMessage());
    }
}
