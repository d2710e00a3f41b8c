/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.function.LongSupplier;

/**
 * EVE events as RFC 5424 syslog messages to a TCP collector, framed by octet counting (RFC 6587 3.4.1). The
 * connection is opened on the first event and again after a failure, at most once per {@link #RETRY_MILLIS}; events
 * while it is down count as failed. Every connect and write has a deadline, so a collector that stops reading
 * cannot hold up the export thread (and the other outputs) longer than that.
 */
final class TcpSyslogOutput extends EveOutput {

    static final int CONNECT_TIMEOUT_MILLIS = 2000;
    static final long WRITE_TIMEOUT_MILLIS = 2000;
    static final long RETRY_MILLIS = 5000;

    private final SyslogCollector collector;
    private final Rfc5424 format;
    private final LongSupplier clock;
    private SocketChannel channel;
    private Selector selector;
    private long nextAttemptMillis;

    TcpSyslogOutput(SyslogCollector collector, Rfc5424 format, LongSupplier clock) {
        super(collector.toString());
        this.collector = collector;
        this.format = format;
        this.clock = clock;
    }

    @Override
    void send(EveEvent event) throws IOException {
        if (channel != null && peerClosed()) {
            disconnect();
        }
        if (channel == null) {
            connect();
        }
        ByteBuffer frame = ByteBuffer.wrap(Rfc5424.octetCounted(format.message(event)));
        long deadline = System.nanoTime() + WRITE_TIMEOUT_MILLIS * 1_000_000L;
        try {
            while (frame.hasRemaining()) {
                if (channel.write(frame) == 0) {
                    long left = (deadline - System.nanoTime()) / 1_000_000L;
                    if (left <= 0) {
                        throw new SocketTimeoutException("the collector took no data for " + WRITE_TIMEOUT_MILLIS
                                                                 + " ms");
                    }
                    selector.select(left);
                    selector.selectedKeys().clear();
                }
            }
        } catch (IOException e) {
            // A frame cut in the middle leaves the stream unframed: start a new connection.
            disconnect();
            throw e;
        }
    }

    /**
     * A collector never sends: end of stream means it closed the connection (a restart). Noticed before writing, the
     * event goes to a new connection instead of into a dead one.
     */
    private boolean peerClosed() {
        try {
            return channel.read(ByteBuffer.allocate(64)) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    private void connect() throws IOException {
        long now = clock.getAsLong();
        if (now < nextAttemptMillis) {
            throw new IOException("not connected (next attempt in " + (nextAttemptMillis - now) + " ms)");
        }
        nextAttemptMillis = now + RETRY_MILLIS;
        SocketChannel opened = SocketChannel.open();
        try {
            opened.socket().connect(collector.address(), CONNECT_TIMEOUT_MILLIS);
            opened.socket().setTcpNoDelay(true);
            opened.configureBlocking(false);
            selector = Selector.open();
            opened.register(selector, SelectionKey.OP_WRITE);
            channel = opened;
        } catch (IOException e) {
            opened.close();
            if (selector != null) {
                selector.close();
                selector = null;
            }
            throw new IOException("cannot connect: " + e.getMessage(), e);
        }
    }

    private void disconnect() {
        try {
            if (channel != null) {
                channel.close();
            }
            if (selector != null) {
                selector.close();
            }
        } catch (IOException e) {
            // closing anyway
        } finally {
            channel = null;
            selector = null;
        }
    }

    @Override
    public void close() {
        disconnect();
    }
}
