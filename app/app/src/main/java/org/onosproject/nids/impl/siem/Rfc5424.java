/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * EVE events as RFC 5424 syslog messages:
 * {@code <PRI>1 TIMESTAMP HOSTNAME nids - MSGID - EVE-JSON}, with PRI = facility × 8 + severity, MSGID the event
 * type and no structured data; over TCP each message is framed by octet counting (RFC 6587 3.4.1:
 * {@code LENGTH SP MESSAGE}).
 */
public final class Rfc5424 {

    public static final String APP_NAME = "nids";
    static final String NIL = "-";
    private static final int MAX_HOSTNAME = 255;
    private static final int MAX_MSGID = 32;
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final int facility;
    private final String hostname;

    /**
     * @param facility facility code, 0..23
     * @param hostname HOSTNAME of every message (printable ASCII without spaces is kept, the rest dropped; "-" when
     *                 nothing is left)
     */
    public Rfc5424(int facility, String hostname) {
        checkArgument(facility >= 0 && facility <= 23, "facility %s", facility);
        this.facility = facility;
        this.hostname = printable(hostname, MAX_HOSTNAME);
    }

    /**
     * @param event an EVE event
     * @return its syslog message (UTF-8; the JSON is ASCII)
     */
    public byte[] message(EveEvent event) {
        String text = "<" + (facility * 8 + event.syslogSeverity()) + ">1 "
                + TIMESTAMP.format(Instant.ofEpochMilli(event.timestampMillis())) + " " + hostname + " " + APP_NAME
                + " " + NIL + " " + printable(event.eventType(), MAX_MSGID) + " " + NIL + " " + event.json();
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /**
     * @param message a syslog message
     * @return the message framed for a TCP stream by octet counting
     */
    public static byte[] octetCounted(byte[] message) {
        byte[] prefix = (message.length + " ").getBytes(StandardCharsets.US_ASCII);
        byte[] frame = new byte[prefix.length + message.length];
        System.arraycopy(prefix, 0, frame, 0, prefix.length);
        System.arraycopy(message, 0, frame, prefix.length, message.length);
        return frame;
    }

    /** RFC 5424 header fields are PRINTUSASCII (33..126). */
    static String printable(String text, int maxLength) {
        StringBuilder kept = new StringBuilder();
        for (int i = 0; i < text.length() && kept.length() < maxLength; i++) {
            char c = text.charAt(i);
            if (c >= 33 && c <= 126) {
                kept.append(c);
            }
        }
        return kept.length() == 0 ? NIL : kept.toString();
    }
}
