/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.SocketException;

/**
 * EVE events as RFC 5424 syslog messages to a UDP collector, one message per datagram (RFC 5426). UDP tells no
 * loss: "sent" counts datagrams the kernel took.
 */
final class UdpSyslogOutput extends EveOutput {

    /** The largest UDP payload over IPv4. */
    static final int MAX_DATAGRAM = 65507;

    private final SyslogCollector collector;
    private final Rfc5424 format;
    private DatagramSocket socket;

    UdpSyslogOutput(SyslogCollector collector, Rfc5424 format) {
        super(collector.toString());
        this.collector = collector;
        this.format = format;
    }

    @Override
    void send(EveEvent event) throws IOException {
        byte[] message = format.message(event);
        if (message.length > MAX_DATAGRAM) {
            throw new IOException("message of " + message.length + " bytes does not fit a datagram");
        }
        if (socket == null) {
            socket = new DatagramSocket();
        }
        try {
            socket.send(new DatagramPacket(message, message.length, collector.address()));
        } catch (SocketException e) {
            socket.close();
            socket = null;
            throw e;
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            socket.close();
            socket = null;
        }
    }
}
