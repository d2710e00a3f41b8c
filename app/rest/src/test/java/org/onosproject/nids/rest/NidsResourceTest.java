/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.test.JerseyTest;
import org.glassfish.jersey.test.TestProperties;
import org.glassfish.jersey.test.jetty.JettyTestContainerFactory;
import org.glassfish.jersey.test.spi.TestContainerFactory;
import org.onlab.junit.TestUtils;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.rest.AuthorizationFilter;
import org.onlab.rest.BaseResource;

import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;
import java.io.IOException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The NIDS web application (its resources and exception mappers) on Jetty, set up exactly as ONOS's
 * {@code org.onosproject.rest.resources.ResourceTest} does it: ephemeral port, authorization off, services from
 * {@link BaseResource}'s directory. ONOS's class itself cannot run under Maven: it calls
 * {@code AuditFilter.disableForTests()}, and the published onos-rest jar is a WAB holding AuditFilter under
 * WEB-INF/classes, off the class path (NoClassDefFoundError).
 */
abstract class NidsResourceTest extends JerseyTest {

    static final ObjectMapper MAPPER = new ObjectMapper();

    NidsResourceTest() {
        super(ResourceConfig.forApplicationClass(NidsWebApplication.class));
        set(TestProperties.CONTAINER_PORT, 0);
        AuthorizationFilter.disableForTests();
    }

    @Override
    protected TestContainerFactory getTestContainerFactory() {
        return new JettyTestContainerFactory();
    }

    /** Where the resources' get(Class) finds services. */
    protected void setServiceDirectory(ServiceDirectory directory) {
        TestUtils.setField(BaseResource.class, "services", directory);
    }

    /** The response's JSON body, after checking the status and the JSON media type. */
    static ObjectNode json(Response response, int expectedStatus) throws IOException {
        String body = response.readEntity(String.class);
        assertEquals(body, expectedStatus, response.getStatus());
        assertTrue(String.valueOf(response.getMediaType()),
                MediaType.APPLICATION_JSON_TYPE.isCompatible(response.getMediaType()));
        return (ObjectNode) MAPPER.readTree(body);
    }

    /** An ONOS-style error body: the status as "code" and a one-line "message"; returns the message. */
    static String errorMessage(Response response, int expectedStatus) throws IOException {
        ObjectNode body = json(response, expectedStatus);
        assertEquals(expectedStatus, body.path("code").asInt());
        String message = body.path("message").asText();
        assertFalse("empty message", message.isEmpty());
        assertFalse("multi-line message: " + message, message.contains("\n"));
        return message;
    }
}
