/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl.siem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onosproject.nids.api.AlertState;
import org.onosproject.nids.api.FlowKey;
import org.onosproject.nids.api.NidsAlert;
import org.onosproject.nids.api.NidsBlock;
import org.onosproject.nids.api.SiemExportStats;
import org.onosproject.nids.codec.AlertTestData;

import java.io.File;
import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

/**
 * End to end against a real receiver: Debian's rsyslogd (imudp, imtcp with octet-counted framing) on loopback
 * receives the export's RFC 5424 messages and writes per transport what it parsed (MSGID, facility, severity,
 * APP-NAME, MSG) to a file; every MSG must be the EVE line the export wrote to its own file. Skipped when rsyslogd is
 * not installed (Debian: {@code apt-get install rsyslog}).
 */
public class SiemRsyslogTest {

    private static final long WAIT_MILLIS = 15_000;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private Path workDir;
    private Process rsyslogd;
    private int udpPort;
    private int tcpPort;

    @Before
    public void setUp() throws IOException {
        assumeTrue("rsyslogd must be installed for the real-receiver test (Debian: apt-get install rsyslog); "
                           + "skipping it", Files.isExecutable(Paths.get("/usr/sbin/rsyslogd")));
        workDir = Files.createTempDirectory("nids-siem-rsyslog");
        try (DatagramSocket udp = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             ServerSocket tcp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            udpPort = udp.getLocalPort();
            tcpPort = tcp.getLocalPort();
        }
    }

    @After
    public void tearDown() throws Exception {
        stopRsyslog();
        if (workDir != null) {
            try (Stream<Path> paths = Files.walk(workDir)) {
                paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    @Test
    public void rsyslogReceivesEveryEventOverUdpAndTcpAsTheEveFileHasIt() throws Exception {
        startRsyslog();
        Path eveFile = workDir.resolve("eve.json");
        SiemExportConfig config = SiemExportConfig.fromProperties(new java.util.Hashtable<>(java.util.Map.of(
                "eveFile", eveFile.toString(),
                "syslogCollectors", "udp://127.0.0.1:" + udpPort + ",tcp://127.0.0.1:" + tcpPort,
                "syslogFacility", "local3")));
        EveFormat format = new EveFormat("onos-test");
        List<EveEvent> events = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            FlowKey key = FlowKey.of(Ip4Address.valueOf("10.0.0." + (1 + i % 4)), Ip4Address.valueOf("10.0.1.9"),
                                     40000 + i, 80, 6);
            NidsAlert alert = AlertTestData.alert(i + 1, AlertState.OPEN, AlertTestData.T0 + i).toBuilder()
                    .flowKey(key).build();
            events.add(format.alert(alert));
        }
        NidsBlock block = NidsBlock.builder().id("3").src(Ip4Address.valueOf("10.0.0.1")).reason("auto-block")
                .alertId(1L).createdMillis(AlertTestData.T0 + 100).build();
        events.add(format.blocked(block, Optional.of(AlertTestData.alert(1, AlertState.BLOCKED, AlertTestData.T0))));
        events.add(format.unblocked(block, AlertTestData.T0 + 200));

        SiemExportStats stats;
        try (SiemExporter exporter = new SiemExporter(config, "onos-test", System::currentTimeMillis)) {
            events.forEach(event -> assertTrue(exporter.submit(() -> event)));
            waitFor("rsyslog wrote " + events.size() + " messages per transport",
                    () -> lines(workDir.resolve("udp.log")).size() >= events.size()
                            && lines(workDir.resolve("tcp.log")).size() >= events.size());
            stats = exporter.stats(null);
        }
        assertEquals(0, stats.eventsDropped());
        for (SiemExportStats.Output output : stats.outputs()) {
            assertEquals(output.name(), events.size(), output.sent());
            assertEquals(output.name(), 0, output.failed());
        }

        List<String> expected = events.stream().map(EveEvent::json).collect(Collectors.toList());
        assertEquals(expected, lines(eveFile));
        for (String transport : List.of("udp", "tcp")) {
            List<String> received = lines(workDir.resolve(transport + ".log"));
            assertEquals(transport, events.size(), received.size());
            for (int i = 0; i < events.size(); i++) {
                // MSGID facility severity APP-NAME HOSTNAME|MSG
                String[] parts = received.get(i).split("\\|", 2);
                EveEvent event = events.get(i);
                assertEquals(transport + " header " + i, event.eventType() + " local3 "
                        + severityName(event.syslogSeverity()) + " nids onos-test", parts[0]);
                assertEquals(transport + " message " + i, event.json(), parts[1]);
                JsonNode json = MAPPER.readTree(parts[1]);
                assertTrue(json.has("timestamp") && json.has("event_type") && json.has("src_ip"));
            }
        }
    }

    @Test
    public void aRestartedTcpCollectorGetsTheEventsAfterItAndTheLostOnesAreCounted() throws Exception {
        startRsyslog();
        SiemExportConfig config = SiemExportConfig.fromProperties(new java.util.Hashtable<>(java.util.Map.of(
                "syslogCollectors", "tcp://127.0.0.1:" + tcpPort)));
        EveFormat format = new EveFormat("onos-test");
        EveEvent before = format.alert(AlertTestData.alert(1, AlertState.OPEN, AlertTestData.T0));
        EveEvent during = format.alert(AlertTestData.alert(2, AlertState.OPEN, AlertTestData.T0));
        EveEvent after = format.alert(AlertTestData.alert(3, AlertState.OPEN, AlertTestData.T0));
        Path received = workDir.resolve("tcp.log");
        try (SiemExporter exporter = new SiemExporter(config, "onos-test", System::currentTimeMillis)) {
            exporter.submit(() -> before);
            waitFor("the first event", () -> lines(received).size() == 1);
            stopRsyslog();
            exporter.submit(() -> during);
            waitFor("the event while down counted as failed",
                    () -> exporter.stats(null).outputs().get(0).failed() == 1);
            startRsyslog();
            // The output reconnects at most every RETRY_MILLIS: events before that fail, counted.
            long deadline = System.currentTimeMillis() + TcpSyslogOutput.RETRY_MILLIS + WAIT_MILLIS;
            while (lines(received).size() < 2 && System.currentTimeMillis() < deadline) {
                exporter.submit(() -> after);
                Thread.sleep(500);
            }
            SiemExportStats.Output tcp = exporter.stats(null).outputs().get(0);
            List<String> got = lines(received);
            assertTrue("rsyslog got an event after its restart: " + got, got.size() >= 2);
            assertEquals(before.json(), got.get(0).split("\\|", 2)[1]);
            assertEquals(after.json(), got.get(1).split("\\|", 2)[1]);
            assertEquals(exporter.stats(null).eventsQueued(), tcp.sent() + tcp.failed());
            assertTrue(tcp.failed() >= 1 && tcp.lastError().isPresent());
        }
    }

    private static String severityName(int severity) {
        return List.of("emerg", "alert", "crit", "err", "warning", "notice", "info", "debug").get(severity);
    }

    private void startRsyslog() throws IOException, InterruptedException {
        Path conf = workDir.resolve("rsyslog.conf");
        String template = "%msgid% %syslogfacility-text% %syslogseverity-text% %app-name% %hostname%|%msg%\\n";
        Files.write(conf, String.join("\n",
                "global(workDirectory=\"" + workDir + "\" maxMessageSize=\"64k\")",
                "module(load=\"imudp\")",
                "module(load=\"imtcp\")",
                "template(name=\"fields\" type=\"string\" string=\"" + template + "\")",
                "ruleset(name=\"udp\") { action(type=\"omfile\" file=\"" + workDir.resolve("udp.log")
                        + "\" template=\"fields\" flushOnTXEnd=\"on\") }",
                "ruleset(name=\"tcp\") { action(type=\"omfile\" file=\"" + workDir.resolve("tcp.log")
                        + "\" template=\"fields\" flushOnTXEnd=\"on\") }",
                "input(type=\"imudp\" address=\"127.0.0.1\" port=\"" + udpPort + "\" ruleset=\"udp\")",
                "input(type=\"imtcp\" address=\"127.0.0.1\" port=\"" + tcpPort + "\" ruleset=\"tcp\")",
                "").getBytes(StandardCharsets.UTF_8));
        rsyslogd = new ProcessBuilder("/usr/sbin/rsyslogd", "-n", "-f", conf.toString(),
                                      "-i", workDir.resolve("rsyslogd.pid").toString())
                .redirectErrorStream(true).redirectOutput(workDir.resolve("rsyslogd.out").toFile()).start();
        waitFor("rsyslogd listening on tcp " + tcpPort, () -> {
            try (java.net.Socket probe = new java.net.Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), tcpPort), 200);
                return true;
            } catch (IOException e) {
                return false;
            }
        });
    }

    private void stopRsyslog() throws InterruptedException {
        if (rsyslogd != null) {
            rsyslogd.destroy();
            if (!rsyslogd.waitFor(10, TimeUnit.SECONDS)) {
                rsyslogd.destroyForcibly();
                rsyslogd.waitFor(5, TimeUnit.SECONDS);
            }
            rsyslogd = null;
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private void waitFor(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + WAIT_MILLIS;
        while (!condition.getAsBoolean()) {
            if (rsyslogd != null && !rsyslogd.isAlive()) {
                throw new AssertionError("rsyslogd exited: " + lines(workDir.resolve("rsyslogd.out")));
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; rsyslogd said "
                                                 + lines(workDir.resolve("rsyslogd.out")));
            }
            Thread.sleep(50);
        }
    }
}
