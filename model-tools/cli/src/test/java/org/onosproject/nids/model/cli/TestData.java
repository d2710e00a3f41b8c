package org.onosproject.nids.model.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/** Data the CLI tests make themselves: labelled flow CSVs, pcaps, and a way to run the CLI and see its output. */
final class TestData {

    static final String HEADER = "L4_SRC_PORT,L4_DST_PORT,PROTOCOL,L7_PROTO,IN_BYTES,IN_PKTS,"
            + "FLOW_DURATION_MILLISECONDS,MIN_TTL,TCP_WIN_MAX_IN,Label,Attack";

    private TestData() {
    }

    /** A fixture file from src/test/resources beside this package. */
    static Path fixture(String name) {
        try {
            return Paths.get(TestData.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Synthetic flows whose class follows simple rules (with 2% label noise): DoS = many bytes in short TCP flows,
     * Scan = few-packet flows to low ports, else Benign. Integer values in the dataset's units.
     */
    static String flowsCsv(int rows, long seed) {
        Random random = new Random(seed);
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < rows; i++) {
            int protocol = random.nextInt(3) == 0 ? 17 : 6;
            int dstPort = random.nextBoolean() ? random.nextInt(1024) : 1024 + random.nextInt(64_000);
            long packets = 1 + random.nextInt(200);
            long bytes = packets * (40 + random.nextInt(1460));
            long durationMs = random.nextInt(5000);
            String label;
            if (protocol == 6 && bytes > 60_000 && durationMs < 2000) {
                label = "DoS";
            } else if (dstPort < 1024 && packets <= 3) {
                label = "Scan";
            } else {
                label = "Benign";
            }
            if (random.nextInt(50) == 0) {
                label = label.equals("Benign") ? "DoS" : "Benign";
            }
            csv.append(1024 + random.nextInt(60_000)).append(',').append(dstPort).append(',').append(protocol)
                    .append(",7.0,").append(bytes).append(',').append(packets).append(',').append(durationMs)
                    .append(',').append(32 + random.nextInt(100)).append(',').append(random.nextInt(65_536))
                    .append(',').append(label.equals("Benign") ? 0 : 1).append(',').append(label).append('\n');
        }
        return csv.toString();
    }

    static Path write(Path file, String text) {
        try {
            return Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path writeGzip(Path file, String text) {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What one CLI run printed and returned. */
    static final class Run {
        final int status;
        final String out;
        final String err;

        Run(int status, String out, String err) {
            this.status = status;
            this.out = out;
            this.err = err;
        }
    }

    static Run cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = NidsModelCli.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Builds a classic pcap in either byte order, with µs or ns timestamps. */
    static final class PcapBuilder {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final ByteOrder order;
        private final boolean nanoseconds;

        PcapBuilder(ByteOrder order, boolean nanoseconds, int linkType) {
            this.order = order;
            this.nanoseconds = nanoseconds;
            ByteBuffer header = ByteBuffer.allocate(24).order(order);
            header.putInt(nanoseconds ? 0xa1b23c4d : 0xa1b2c3d4).putShort((short) 2).putShort((short) 4)
                    .putInt(0).putInt(0).putInt(65535).putInt(linkType);
            bytes.writeBytes(header.array());
        }

        PcapBuilder frame(long timestampMicros, byte[] frame) {
            ByteBuffer record = ByteBuffer.allocate(16).order(order);
            long fraction = timestampMicros % 1_000_000;
            record.putInt((int) (timestampMicros / 1_000_000))
                    .putInt((int) (nanoseconds ? fraction * 1000 + 999 : fraction))
                    .putInt(frame.length).putInt(frame.length);
            bytes.writeBytes(record.array());
            bytes.writeBytes(frame);
            return this;
        }

        byte[] build() {
            return bytes.toByteArray();
        }
    }

    /** An Ethernet + IPv4 frame (no options) around an L4 header; the IPv4 total length counts the payload too. */
    static byte[] ipv4Frame(int protocol, int source, int destination, int ttl, int totalLength, byte[] l4) {
        ByteBuffer frame = ByteBuffer.allocate(14 + 20 + l4.length);
        frame.put(new byte[12]).putShort((short) 0x0800);
        frame.put((byte) 0x45).put((byte) 0).putShort((short) totalLength).putInt(0).put((byte) ttl)
                .put((byte) protocol).putShort((short) 0).putInt(source).putInt(destination);
        frame.put(l4);
        return frame.array();
    }

    static byte[] tcp(int sourcePort, int destinationPort, int flags, int window) {
        return ByteBuffer.allocate(20).putShort((short) sourcePort).putShort((short) destinationPort).putInt(0)
                .putInt(0).put((byte) 0x50).put((byte) flags).putShort((short) window).putInt(0).array();
    }

    static byte[] udp(int sourcePort, int destinationPort) {
        return ByteBuffer.allocate(8).putShort((short) sourcePort).putShort((short) destinationPort).putInt(0)
                .array();
    }

    static byte[] icmp(int type, int code) {
        return ByteBuffer.allocate(8).put((byte) type).put((byte) code).putShort((short) 0).putInt(0).array();
    }
}
