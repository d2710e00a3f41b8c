/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import org.easymock.Capture;
import org.easymock.CaptureType;
import org.onlab.osgi.ServiceDirectory;
import org.onlab.osgi.ServiceNotFoundException;
import org.onosproject.nids.api.NidsAuditService;
import org.onosproject.nids.api.RecordingAudit;
import org.onosproject.ui.UiConnection;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.easymock.EasyMock.anyObject;
import static org.easymock.EasyMock.capture;
import static org.easymock.EasyMock.eq;
import static org.easymock.EasyMock.expect;
import static org.easymock.EasyMock.expectLastCall;
import static org.easymock.EasyMock.mock;
import static org.easymock.EasyMock.replay;

/**
 * A GUI connection whose sent messages the tests read back, and a service directory holding mocked services.
 */
final class UiTestSupport {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private UiTestSupport() {
    }

    /**
     * Waits for every push scheduled so far (due at once: test handlers have no minimum interval).
     *
     * @param pushExecutor the handler's push executor
     * @throws Exception if the wait fails or takes over 5 s
     */
    static void waitForPushes(ScheduledExecutorService pushExecutor) throws Exception {
        pushExecutor.schedule(() -> { }, 1, TimeUnit.MILLISECONDS).get(5, TimeUnit.SECONDS);
    }

    /** A connection (EasyMock) recording every message sent as {@code (type, payload)}. */
    static final class RecordingConnection {
        final UiConnection connection = mock(UiConnection.class);
        private final Capture<String> types = Capture.newInstance(CaptureType.ALL);
        private final Capture<ObjectNode> payloads = Capture.newInstance(CaptureType.ALL);

        /** A connection of "onos", an admin of {@link RecordingAudit#onosUsers()}. */
        RecordingConnection() {
            this("onos");
        }

        /** @param user the GUI user ("guest": a viewer of {@link RecordingAudit#onosUsers()}) */
        RecordingConnection(String user) {
            expect(connection.userName()).andReturn(user).anyTimes();
            connection.sendMessage(capture(types), capture(payloads));
            expectLastCall().anyTimes();
            connection.sendMessage(anyObject(ObjectNode.class));
            expectLastCall().andThrow(new AssertionError("handlers send (type, payload) messages")).anyTimes();
            replay(connection);
        }

        /** @return the types of the messages sent so far, in order */
        synchronized List<String> types() {
            return ImmutableList.copyOf(types.getValues());
        }

        /**
         * @param type a message type
         * @return the payloads sent with that type, in order
         */
        synchronized List<ObjectNode> payloads(String type) {
            List<String> t = types.getValues();
            List<ObjectNode> p = payloads.getValues();
            return java.util.stream.IntStream.range(0, t.size()).filter(i -> t.get(i).equals(type))
                    .mapToObj(p::get).collect(Collectors.toList());
        }

        /**
         * @param type a message type
         * @return the only payload sent with that type
         */
        ObjectNode only(String type) {
            List<ObjectNode> sent = payloads(type);
            if (sent.size() != 1) {
                throw new AssertionError("expected one " + type + ", got " + sent.size() + " in " + types());
            }
            return sent.get(0);
        }
    }

    /**
     * @param services service class to implementation
     * @return a directory (EasyMock) answering with them
     */
    static ServiceDirectory directory(Map<Class<?>, Object> services) {
        ServiceDirectory directory = mock(ServiceDirectory.class);
        services.forEach((type, impl) -> expectService(directory, type, impl));
        if (!services.containsKey(NidsAuditService.class)) {
            expectService(directory, NidsAuditService.class, RecordingAudit.onosUsers());
        }
        // Like ONOS's directory: a service that is not running is not found.
        expect(directory.get(anyObject()))
                .andThrow(new ServiceNotFoundException("not running")).anyTimes();
        replay(directory);
        return directory;
    }

    @SuppressWarnings("unchecked")
    private static <T> void expectService(ServiceDirectory directory, Class<T> type, Object impl) {
        expect(directory.get(eq(type))).andReturn((T) impl).anyTimes();
    }

    /**
     * @param type    message type
     * @param payload payload
     * @return a GUI message
     */
    static ObjectNode message(String type, ObjectNode payload) {
        ObjectNode message = MAPPER.createObjectNode().put("event", type);
        message.set("payload", payload);
        return message;
    }
}
