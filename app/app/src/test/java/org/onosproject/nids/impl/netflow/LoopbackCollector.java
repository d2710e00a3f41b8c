/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A UDP socket on the loopback interface standing in for a collector: it receives datagrams with bounded waits.
 */
final class LoopbackCollector implements AutoCloseable {

    private static final int RECEIVE_TIMEOUT_MILLIS = 5_000;
    private static final int QUIET_MILLIS = 200;

    private final DatagramSocket socket;

    LoopbackCollector() throws IOException {
        socket = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    /** @return where exporters should send */
    InetSocketAddress address() {
        return new InetSocketAddress(InetAddress.getLoopbackAddress(), socket.getLocalPort());
    }

    /**
     * Receives datagrams.
     *
     * @param count how many are expected
     * @return their payloads, in arrival order
     * @throws IOException    on socket errors
     * @throws AssertionError when fewer arrive within the timeout
     */
    List<byte[]> receive(int count) throws IOException {
        List<byte[]> payloads = new ArrayList<>();
        socket.setSoTimeout(RECEIVE_TIMEOUT_MILLIS);
        byte[] buffer = new byte[65_536];
        while (payloads.size() < count) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (SocketTimeoutException e) {
                throw new AssertionError("received " + payloads.size() + " of " + count + " datagrams");
            }
            payloads.add(Arrays.copyOf(packet.getData(), packet.getLength()));
        }
        return payloads;
    }

    /**
     * Asserts that nothing more arrives for a short while; call after all expected datagrams were received.
     *
     * @throws IOException on socket errors
     */
    void assertQuiet() throws IOException {
        socket.setSoTimeout(QUIET_MILLIS);
        byte[] buffer = new byte[65_536];
        try {
            socket.receive(new DatagramPacket(buffer, buffer.length));
            throw new AssertionError("unexpected datagram");
        } catch (SocketTimeoutException expected) {
            // nothing came
        }
    }

    @Override
    public void close() {
        socket.close();
    }
}
