/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.netflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.nids.api.FlowRecord;

import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;
import static org.onosproject.nids.impl.netflow.SampleRecords.ICMP;
import static org.onosproject.nids.impl.netflow.SampleRecords.TCP;
import static org.onosproject.nids.impl.netflow.SampleRecords.UDP;
import static org.onosproject.nids.impl.netflow.SampleRecords.flow;

/**
 * End to end against a real collector: nfcapd (nfdump 1.7) receives the exporter's packets, nfdump reads the
 * stored flows back as JSON, and every field nfdump decodes must equal the record. Skipped when the tools are not
 * installed (Debian: {@code apt-get install nfdump}).
 * <p>
 * nfdump 1.7.1 does not decode MIN_TTL/MAX_TTL (52/53), the packet length, duration and nProbe fields: it skips
 * them by the lengths the template gives, so the fields after them decoding correctly shows they were laid out
 * right; their values are checked byte-exactly by {@link NetflowV9EncoderTest}.
 */
public class NetflowNfdumpTest {

    private static final long WAIT_MILLIS = 15_000;
    private static final Pattern EXPORTER_LINE =
            Pattern.compile("version: 9, ID: (\\d+), Sequence failures: (\\d+), packets: (\\d+), flows: (\\d+)");
    private static final String TCP_FLAG_LETTERS = "CEUAPRSF"; // nfdump's order, bit 7 (CWR) to bit 0 (FIN)

    private Path workDir;
    private Process nfcapd;

    @Before
    public void setUp() throws IOException {
        assumeTrue("nfcapd, nfdump and stdbuf must be on PATH for the real-collector test "
                           + "(Debian: apt-get install nfdump); skipping it",
                   onPath("nfcapd") && onPath("nfdump") && onPath("stdbuf"));
        workDir = Files.createTempDirectory("nids-netflow-nfdump");
    }

    @After
    public void tearDown() throws Exception {
        if (nfcapd != null) {
            nfcapd.destroyForcibly();
            nfcapd.waitFor(5, TimeUnit.SECONDS);
        }
        if (workDir != null) {
            try (Stream<Path> paths = Files.walk(workDir)) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    public void nfdumpReadsBackEveryRecordAsExported() throws Exception {
        Path flowsDir = Files.createDirectory(workDir.resolve("flows"));
        int port = freeUdpPort();
        startNfcapd(port, flowsDir);

        long now = System.currentTimeMillis();
        List<FlowRecord> s1First = ImmutableList.of(
                tcpRecord("device:bmv2:s1", now), udpRecordWithHugeCounters("device:bmv2:s1", now),
                icmpEchoRecord("device:bmv2:s1", now));
        List<FlowRecord> s1Second = ImmutableList.of(
                flow("device:bmv2:s1", "10.0.0.3", 51000, "10.0.0.4", 22, TCP)
                        // reported at the server's FIN (port 7); INPUT_SNMP is the client's port
                        .ingressPort(PortNumber.portNumber(7)).clientIngressPort(PortNumber.portNumber(3))
                        .features(ImmutableMap.of("IN_BYTES", 4_000L, "IN_PKTS", 40L, "OUT_BYTES", 90_000L,
                                                  "OUT_PKTS", 60L, "TCP_FLAGS", 0x18L))
                        .firstSeenMicros(5_100_000_000L).lastSeenMicros(5_160_000_000L)
                        .receivedMillis(now - 2).build());
        List<FlowRecord> s2 = ImmutableList.of(
                allFlagsTcpRecord("device:bmv2:s2", now), icmpUnreachableRecord("device:bmv2:s2", now),
                flow("device:bmv2:s2", "10.20.30.40", 5353, "224.0.0.251", 5353, UDP)
                        .ingressPort(PortNumber.portNumber(4))
                        .features(ImmutableMap.of("IN_BYTES", 120L, "IN_PKTS", 1L))
                        .firstSeenMicros(86_400_000_001L).lastSeenMicros(86_400_000_001L)
                        .receivedMillis(now - 40).build());

        // Small packets and a template every 2 packets: several packets per switch, some without template.
        NetflowExportConfig config = NetflowExportConfig.of(
                ImmutableList.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), port)), 2, 60, 400);
        List<List<FlowRecord>> batches = ImmutableList.of(s1First, s2, s1Second);
        ExportStats stats;
        Map<DeviceId, Long> sourceIds;
        try (NetflowExporter exporter = new NetflowExporter(config)) {
            batches.forEach(exporter::export);
            stats = exporter.stats();
            sourceIds = exporter.sourceIds();
        }
        List<FlowRecord> sent = new ArrayList<>();
        batches.forEach(sent::addAll);
        assertEquals(sent.size(), stats.recordsExported());
        Map<FlowRecord, Long> bootEstimates = bootEstimatesAtExport(batches);

        // nfcapd -E prints each record it decoded; once all are there it can be stopped without losing any.
        Path decodeLog = workDir.resolve("nfcapd.out");
        waitFor("nfcapd decoded " + sent.size() + " records",
                () -> countOccurrences(decodeLog, "Flow Record:") >= sent.size());
        stopNfcapd();

        JsonNode flows = new ObjectMapper().readTree(run("nfdump", "-R", flowsDir.toString(), "-o", "json"));
        assertEquals("flows stored", sent.size(), flows.size());
        Map<String, JsonNode> byKey = new HashMap<>();
        flows.forEach(f -> byKey.put(keyOf(f), f));
        for (FlowRecord record : sent) {
            JsonNode stored = byKey.get(keyOf(record));
            assertTrue("nfdump has no flow for " + record + " in " + byKey.keySet(), stored != null);
            assertFlowEquals(record, bootEstimates.get(record), stored);
        }

        assertExportersSeenByNfdump(flowsDir, sourceIds, stats.packetsSent());
    }

    private static void assertFlowEquals(FlowRecord record, long bootEpochMillis, JsonNode stored) {
        String what = record.key() + ": ";
        assertEquals(what + "proto", record.key().protocol(), stored.get("proto").asInt());
        assertEquals(what + "src", record.key().clientIp().toString(), stored.get("src4_addr").asText());
        assertEquals(what + "dst", record.key().serverIp().toString(), stored.get("dst4_addr").asText());
        if (record.key().protocol() == ICMP) {
            long typeCode = record.feature("ICMP_TYPE");
            assertEquals(what + "icmp type", typeCode >> 8, stored.get("icmp_type").asLong());
            assertEquals(what + "icmp code", typeCode & 0xff, stored.get("icmp_code").asLong());
        } else {
            assertEquals(what + "src port", record.key().clientPort(), stored.get("src_port").asInt());
            assertEquals(what + "dst port", record.key().serverPort(), stored.get("dst_port").asInt());
        }
        if (record.key().protocol() != ICMP) { // nfdump prints no flags for ICMP
            assertEquals(what + "tcp flags", record.feature("TCP_FLAGS"),
                         tcpFlagBits(stored.get("tcp_flags").asText()));
        }
        assertEquals(what + "in bytes", record.feature("IN_BYTES"), stored.get("in_bytes").asLong());
        assertEquals(what + "in packets", record.feature("IN_PKTS"), stored.get("in_packets").asLong());
        assertEquals(what + "out bytes", record.feature("OUT_BYTES"), stored.get("out_bytes").asLong());
        assertEquals(what + "out packets", record.feature("OUT_PKTS"), stored.get("out_packets").asLong());
        assertEquals(what + "input", record.clientIngressPort().toLong(), stored.get("input_snmp").asLong());
        // docs/netflow.md: a collector places switch times at boot estimate + switch ms, to the millisecond.
        assertEquals(what + "first", bootEpochMillis + record.firstSeenMicros() / 1000, epochMillis(stored, "first"));
        assertEquals(what + "last", bootEpochMillis + record.lastSeenMicros() / 1000, epochMillis(stored, "last"));
    }

    /** Per switch: one exporter with the switch's source id, every packet counted, no sequence gap. */
    private void assertExportersSeenByNfdump(Path flowsDir, Map<DeviceId, Long> sourceIds, long packetsSent)
            throws Exception {
        // -E takes one file; nfcapd may have rotated (every 5 min) during the test, so read each file.
        StringBuilder exporters = new StringBuilder();
        for (String file : listFiles(flowsDir)) {
            exporters.append(new String(run("nfdump", "-E", flowsDir.resolve(file).toString()),
                                        StandardCharsets.UTF_8));
        }
        Set<Long> ids = new HashSet<>();
        long packets = 0;
        Matcher line = EXPORTER_LINE.matcher(exporters);
        while (line.find()) {
            ids.add(Long.parseLong(line.group(1)));
            assertEquals("sequence failures in: " + line.group(), "0", line.group(2));
            packets += Long.parseLong(line.group(3));
        }
        assertEquals("source ids in:\n" + exporters, new HashSet<>(sourceIds.values()), ids);
        assertEquals("packets in:\n" + exporters, packetsSent, packets);
    }

    /**
     * The switch boot time each record was exported with (see SwitchClock): the tightest
     * {@code received - lastSeen} over the switch's reports up to and including the record's batch.
     */
    private static Map<FlowRecord, Long> bootEstimatesAtExport(List<List<FlowRecord>> batches) {
        Map<DeviceId, Long> tightest = new HashMap<>();
        Map<FlowRecord, Long> estimates = new HashMap<>();
        for (List<FlowRecord> batch : batches) {
            for (FlowRecord r : batch) {
                tightest.merge(r.deviceId(), r.receivedMillis() - r.lastSeenMicros() / 1000, Math::min);
            }
            batch.forEach(r -> estimates.put(r, tightest.get(r.deviceId())));
        }
        return estimates;
    }

    private static String keyOf(FlowRecord record) {
        boolean icmp = record.key().protocol() == ICMP;
        return record.key().protocol() + " " + record.key().clientIp() + ":" + (icmp ? 0 : record.key().clientPort())
                + " " + record.key().serverIp() + ":" + (icmp ? 0 : record.key().serverPort());
    }

    private static String keyOf(JsonNode flow) {
        return flow.get("proto").asInt() + " " + flow.get("src4_addr").asText() + ":" + flow.path("src_port").asInt()
                + " " + flow.get("dst4_addr").asText() + ":" + flow.path("dst_port").asInt();
    }

    private static long tcpFlagBits(String letters) {
        assertEquals("flag string " + letters, TCP_FLAG_LETTERS.length(), letters.length());
        long bits = 0;
        for (int i = 0; i < letters.length(); i++) {
            if (letters.charAt(i) != '.') {
                assertEquals("flag letter", TCP_FLAG_LETTERS.charAt(i), letters.charAt(i));
                bits |= 1L << (TCP_FLAG_LETTERS.length() - 1 - i);
            }
        }
        return bits;
    }

    /** nfdump prints local time with ms; it runs with TZ=UTC, so the text is UTC. */
    private static long epochMillis(JsonNode flow, String field) {
        return LocalDateTime.parse(flow.get(field).asText()).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static FlowRecord tcpRecord(String device, long now) {
        return flow(device, "10.0.0.1", 40000, "10.0.0.2", 443, TCP)
                .ingressPort(PortNumber.portNumber(3))
                .features(ImmutableMap.<String, Long>builder()
                        .put("IN_BYTES", 1500L).put("IN_PKTS", 10L).put("OUT_BYTES", 12000L).put("OUT_PKTS", 9L)
                        .put("TCP_FLAGS", 0x1bL).put("MIN_TTL", 63L).put("MAX_TTL", 64L).build())
                .classId(2).leafId(17)
                .firstSeenMicros(5_000_123_456L).lastSeenMicros(5_000_373_999L)
                .receivedMillis(now - 15).build();
    }

    private static FlowRecord udpRecordWithHugeCounters(String device, long now) {
        return flow(device, "192.168.1.10", 53000, "8.8.8.8", 53, UDP)
                .ingressPort(PortNumber.portNumber(65536))
                .features(ImmutableMap.of("IN_BYTES", 0xffff_ffffL, "IN_PKTS", 3_000_000_000L,
                                          "OUT_BYTES", 2_147_483_648L, "OUT_PKTS", 1L))
                .firstSeenMicros(4_000_000_000L).lastSeenMicros(4_999_999_999L)
                .receivedMillis(now - 1_000).build();
    }

    private static FlowRecord icmpEchoRecord(String device, long now) {
        return flow(device, "172.16.0.5", 0, "10.1.2.3", 0, ICMP)
                .ingressPort(PortNumber.portNumber(2))
                .features(ImmutableMap.<String, Long>builder()
                        .put("IN_BYTES", 336L).put("IN_PKTS", 4L).put("OUT_BYTES", 336L).put("OUT_PKTS", 4L)
                        .put("ICMP_TYPE", 8L * 256).put("ICMP_IPV4_TYPE", 8L).build())
                .classId(3).leafId(42)
                .firstSeenMicros(4_990_000_000L).lastSeenMicros(4_993_043_211L)
                .receivedMillis(now - 7_000).build();
    }

    private static FlowRecord allFlagsTcpRecord(String device, long now) {
        return flow(device, "203.0.113.200", 65535, "198.51.100.250", 1, TCP)
                .ingressPort(PortNumber.portNumber(1))
                .features(ImmutableMap.of("IN_BYTES", 40L, "IN_PKTS", 1L, "TCP_FLAGS", 0xffL))
                .firstSeenMicros(86_399_000_000L).lastSeenMicros(86_399_500_000L)
                .receivedMillis(now - 500).build();
    }

    private static FlowRecord icmpUnreachableRecord(String device, long now) {
        return flow(device, "10.9.8.7", 0, "10.0.0.1", 0, ICMP)
                .ingressPort(PortNumber.portNumber(2))
                .features(ImmutableMap.of("IN_BYTES", 56L, "IN_PKTS", 1L, "ICMP_TYPE", 3L * 256 + 1,
                                          "ICMP_IPV4_TYPE", 3L))
                .firstSeenMicros(86_390_000_000L).lastSeenMicros(86_390_000_000L)
                .receivedMillis(now - 10_000).build();
    }

    private void startNfcapd(int port, Path flowsDir) throws Exception {
        // stdbuf: -E output line-buffered, so the test can see what was decoded while nfcapd runs.
        ProcessBuilder builder = new ProcessBuilder("stdbuf", "-oL", "nfcapd", "-E", "-b", "127.0.0.1",
                                                    "-p", Integer.toString(port), "-w", flowsDir.toString())
                .redirectOutput(workDir.resolve("nfcapd.out").toFile())
                .redirectError(workDir.resolve("nfcapd.err").toFile());
        nfcapd = builder.start();
        // nfcapd binds its socket before it opens nfcapd.current.<pid>, so that file means it is listening.
        waitFor("nfcapd listening on port " + port, () -> {
            assertTrue("nfcapd exited early: " + readQuietly(workDir.resolve("nfcapd.err")), nfcapd.isAlive());
            return listFiles(flowsDir).stream().anyMatch(name -> name.startsWith("nfcapd.current"));
        });
    }

    /** SIGTERM makes nfcapd flush and close its file and rename it to nfcapd.YYYYMMDDhhmm. */
    private void stopNfcapd() throws Exception {
        nfcapd.destroy();
        assertTrue("nfcapd stopped", nfcapd.waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS));
        nfcapd = null;
    }

    /** Runs a tool with TZ=UTC and bounded time; fails unless it exits 0. */
    private byte[] run(String... command) throws Exception {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("TZ", "UTC");
        Process process = builder.start();
        try {
            assertTrue(String.join(" ", command) + " finished",
                       process.waitFor(WAIT_MILLIS, TimeUnit.MILLISECONDS));
            assertEquals(String.join(" ", command) + ": " + readQuietly(err), 0, process.exitValue());
            return Files.readAllBytes(out);
        } finally {
            process.destroyForcibly();
        }
    }

    private static void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!condition.getAsBoolean()) {
            assertTrue("timed out waiting for " + what, System.currentTimeMillis() < deadline);
            Thread.sleep(50);
        }
    }

    private static int countOccurrences(Path file, String text) {
        String content = readQuietly(file);
        int count = 0;
        for (int at = content.indexOf(text); at >= 0; at = content.indexOf(text, at + text.length())) {
            count++;
        }
        return count;
    }

    private static String readQuietly(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static List<String> listFiles(Path dir) {
        List<String> names = new ArrayList<>();
        File[] files = dir.toFile().listFiles();
        if (files != null) {
            for (File file : files) {
                names.add(file.getName());
            }
        }
        return names;
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))) {
            return probe.getLocalPort();
        }
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Paths.get(dir, tool))) {
                return true;
            }
        }
        return false;
    }
}
