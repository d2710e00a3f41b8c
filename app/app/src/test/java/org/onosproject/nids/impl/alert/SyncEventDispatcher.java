/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.alert;

import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryServiceAdapter;
import org.onosproject.event.EventSink;

import java.util.HashMap;
import java.util.Map;

/** Delivers every posted event at once, on the posting thread, to the sink of its class (as ONOS's would, later). */
public final class SyncEventDispatcher extends EventDeliveryServiceAdapter {

    private final Map<Class<?>, EventSink<?>> sinks = new HashMap<>();

    @Override
    public <E extends Event> void addSink(Class<E> eventClass, EventSink<E> sink) {
        sinks.put(eventClass, sink);
    }

    @Override
    public <E extends Event> void removeSink(Class<E> eventClass) {
        sinks.remove(eventClass);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void post(Event event) {
        EventSink<Event> sink = (EventSink<Event>) sinks.get(event.getClass());
        if (sink != null) {
            sink.process(event);
        }
    }
}
