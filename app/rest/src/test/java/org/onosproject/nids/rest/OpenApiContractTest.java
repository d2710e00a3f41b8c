/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.rest;

import org.junit.Test;

import javax.ws.rs.DELETE;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.PUT;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** docs/openapi.yaml describes exactly the endpoints the web application serves. */
public class OpenApiContractTest {

    private static final Path OPENAPI = Paths.get("..", "..", "docs", "openapi.yaml");
    private static final Pattern PATH_LINE = Pattern.compile("^  (/\\S*):\\s*$");
    private static final Pattern METHOD_LINE = Pattern.compile("^    (get|post|put|delete|patch):\\s*$");

    /** "METHOD /path" of every resource method of the application. */
    private static Set<String> served() {
        Set<String> endpoints = new TreeSet<>();
        for (Class<?> type : new NidsWebApplication().getClasses()) {
            javax.ws.rs.Path root = type.getAnnotation(javax.ws.rs.Path.class);
            if (root == null) {
                continue;
            }
            for (Method method : type.getDeclaredMethods()) {
                String verb = method.isAnnotationPresent(GET.class) ? "GET"
                        : method.isAnnotationPresent(POST.class) ? "POST"
                        : method.isAnnotationPresent(PUT.class) ? "PUT"
                        : method.isAnnotationPresent(DELETE.class) ? "DELETE" : null;
                if (verb == null) {
                    continue;
                }
                javax.ws.rs.Path sub = method.getAnnotation(javax.ws.rs.Path.class);
                endpoints.add(verb + " /" + root.value() + (sub == null ? "" : "/" + sub.value()));
            }
        }
        return endpoints;
    }

    /** "METHOD /path" of every operation in the OpenAPI document. */
    private static Set<String> documented() throws IOException {
        assertTrue("missing " + OPENAPI.toAbsolutePath(), Files.exists(OPENAPI));
        List<String> lines = Files.readAllLines(OPENAPI);
        Set<String> endpoints = new TreeSet<>();
        String current = null;
        boolean inPaths = false;
        for (String line : lines) {
            if (line.startsWith("paths:")) {
                inPaths = true;
                continue;
            }
            if (inPaths && !line.isEmpty() && !line.startsWith(" ")) {
                break;
            }
            Matcher path = PATH_LINE.matcher(line);
            Matcher method = METHOD_LINE.matcher(line);
            if (inPaths && path.matches()) {
                current = path.group(1);
            } else if (inPaths && current != null && method.matches()) {
                endpoints.add(method.group(1).toUpperCase() + " " + current);
            }
        }
        return endpoints;
    }

    @Test
    public void everyServedEndpointIsDocumentedAndNothingElse() throws Exception {
        Set<String> served = served();
        assertTrue(served.toString(), served.contains("POST /models/{modelId}/activate"));
        assertEquals(served, documented());
    }
}
