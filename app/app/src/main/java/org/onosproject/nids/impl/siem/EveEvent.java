/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.google.common.base.MoreObjects;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One EVE event ready to go out: its JSON line (no line break, ASCII only), its {@code event_type} (the syslog
 * MSGID), its time and the syslog severity it is sent with.
 */
public final class EveEvent {

    private final String eventType;
    private final long timestampMillis;
    private final int syslogSeverity;
    private final String json;

    /**
     * @param eventType       the event's {@code event_type}
     * @param timestampMillis the event's {@code timestamp}, ms since the epoch
     * @param syslogSeverity  RFC 5424 severity, 0 (emergency) .. 7 (debug)
     * @param json            the EVE JSON object on one line
     */
    public EveEvent(String eventType, long timestampMillis, int syslogSeverity, String json) {
        checkArgument(syslogSeverity >= 0 && syslogSeverity <= 7, "syslog severity %s", syslogSeverity);
        checkArgument(json.indexOf('\n') < 0, "an EVE event is one line");
        this.eventType = checkNotNull(eventType, "eventType");
        this.timestampMillis = timestampMillis;
        this.syslogSeverity = syslogSeverity;
        this.json = json;
    }

    public String eventType() {
        return eventType;
    }

    public long timestampMillis() {
        return timestampMillis;
    }

    public int syslogSeverity() {
        return syslogSeverity;
    }

    /** @return the EVE JSON object on one line */
    public String json() {
        return json;
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("type", eventType).add("json", json).toString();
    }
}
