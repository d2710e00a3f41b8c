/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.ui;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.event.Event;
import org.onosproject.event.EventListener;
import org.onosproject.event.ListenerService;
import org.onosproject.ui.RequestHandler;
import org.onosproject.ui.UiMessageHandler;
import org.slf4j.Logger;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * A view's message handler that re-sends the view's table when the service behind it changes, instead of waiting for
 * the view's next poll. While the view watches (a watch request with {@code watch: true}, sent when the view opens
 * and when its auto-refresh is switched on), the handler listens to the service given to {@link #listenTo}, and every
 * event schedules one push of the table, with the sort order of the view's last request, at most once per
 * {@code minPushIntervalMillis}. One per view connection.
 */
abstract class PushingTableMessageHandler extends UiMessageHandler {

    /** The watch request's field: whether the view wants pushes. */
    static final String WATCH = "watch";

    private final Logger log = getLogger(getClass());

    private final ScheduledExecutorService pushExecutor;
    private final long minPushIntervalMillis;
    private final AtomicBoolean pending = new AtomicBoolean();
    private volatile boolean watching;
    private volatile ObjectNode lastRequest;
    private volatile long lastPushMillis;
    private Runnable subscribe = () -> { };
    private Runnable unsubscribe = () -> { };
    private boolean listening;

    /**
     * @param pushExecutor          runs the pushes (shared by the connections)
     * @param minPushIntervalMillis least time between two pushes
     */
    PushingTableMessageHandler(ScheduledExecutorService pushExecutor, long minPushIntervalMillis) {
        this.pushExecutor = pushExecutor;
        this.minPushIntervalMillis = minPushIntervalMillis;
    }

    /**
     * Answers a table request again, unasked.
     *
     * @param request the view's last table request
     */
    protected abstract void resend(ObjectNode request);

    /**
     * Adds a service whose events change the table (listened to only while the view watches); one handler may listen
     * to several.
     *
     * @param service  the service
     * @param <E>      its event type
     * @param <L>      its listener type
     * @param listener a listener that calls {@link #changed()}
     */
    protected synchronized <E extends Event<?, ?>, L extends EventListener<E>> void listenTo(
            ListenerService<E, L> service, L listener) {
        Runnable subscribeBefore = subscribe;
        Runnable unsubscribeBefore = unsubscribe;
        subscribe = () -> {
            subscribeBefore.run();
            service.addListener(listener);
        };
        unsubscribe = () -> {
            unsubscribeBefore.run();
            service.removeListener(listener);
        };
    }

    /**
     * @param type the view's watch request type
     * @return the handler of the view's watch requests
     */
    protected RequestHandler watchHandler(String type) {
        return new RequestHandler(type) {
            @Override
            public void process(ObjectNode payload) {
                watch(payload != null && payload.path(WATCH).asBoolean(false));
            }
        };
    }

    /** @param request the view's table request (its sort order is what a push uses) */
    protected void remember(ObjectNode request) {
        lastRequest = request.deepCopy();
    }

    /** Re-sends the table soon, unless a push is already due; nothing while the view does not watch. */
    protected void changed() {
        if (!watching || lastRequest == null || !pending.compareAndSet(false, true)) {
            return;
        }
        long delay = Math.max(0, lastPushMillis + minPushIntervalMillis - System.currentTimeMillis());
        try {
            pushExecutor.schedule(this::push, delay, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            pending.set(false);
        }
    }

    /** @return whether the service's events are pushed to the view */
    boolean watching() {
        return watching;
    }

    @Override
    public void destroy() {
        // ONOS calls this once per message type of the handler: it must be idempotent.
        watch(false);
        super.destroy();
    }

    private synchronized void watch(boolean on) {
        watching = on;
        if (on && !listening) {
            subscribe.run();
            listening = true;
        } else if (!on && listening) {
            unsubscribe.run();
            listening = false;
        }
    }

    private void push() {
        pending.set(false);
        lastPushMillis = System.currentTimeMillis();
        ObjectNode request = lastRequest;
        if (!watching || request == null || connection() == null) {
            return;
        }
        try {
            resend(request.deepCopy());
        } catch (RuntimeException e) {
            // The connection closed under us, or the service is unavailable: the next request will tell.
            log.debug("Could not push the table: {}", e.toString());
        }
    }
}
