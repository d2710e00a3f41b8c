package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.detection.DetectionPolicy;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.flow.PacketHeaders;
import org.onosproject.nids.model.phase.Phase;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Labelled live traffic: ground truth by source and window, what blocks cover, the figures per attack and benign. */
public class LiveEvaluationTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final int CLIENT = DatasetLabelsTest.CLIENT;
    private static final int SERVER = DatasetLabelsTest.SERVER;
    private static final int ATTACKER = DatasetLabelsTest.ATTACKER;
    private static final long T0 = DatasetLabelsTest.T0;

    /** Alerts every flow whose server port is below 1000 and whose client is the attacker, at its 1st packet. */
    private static final class PortDetector implements LiveEvaluation.Detector {
        private final java.util.Set<Integer> alerted = new java.util.HashSet<>();

        @Override
        public List<LiveEvaluation.Detection> accept(PacketHeaders p) {
            boolean attack = p.destinationPort() < 1000 && p.sourceAddress() == ATTACKER;
            boolean benignFalseAlarm = p.destinationPort() == 4444;
            if ((attack || benignFalseAlarm) && alerted.add(p.sourcePort())) {
                return List.of(new LiveEvaluation.Detection(p.timestampMicros(), p.protocol(), p.sourceAddress(),
                        p.sourcePort(), p.destinationAddress(), p.destinationPort(), 1, "Scan", 3, 950, 1, true));
            }
            return List.of();
        }

        @Override
        public List<LiveEvaluation.Detection> finish(long micros) {
            return List.of();
        }
    }

    /** The app's detection module with automatic blocking on a source's n-th MEDIUM-or-above alert, for 600 s. */
    private static AppDetectionPolicy blockingAfter(int alerts) {
        return new AppDetectionPolicy(DetectionPolicy.fromProperties(Map.of(
                DetectionPolicy.AUTO_BLOCK_MIN_SEVERITY, "MEDIUM",
                DetectionPolicy.AUTO_BLOCK_MIN_ALERTS, Integer.toString(alerts),
                DetectionPolicy.BLOCK_TTL_SECONDS, "600")));
    }

    private static PacketHeaders syn(long micros, int source, int sourcePort, int port) {
        return PacketHeaders.tcp(T0 + micros, source, SERVER, sourcePort, port, 60, 64, 0x02, 64240);
    }

    private static AttackWindows scanWindow(long startMicros, long endMicros) {
        return AttackWindows.of(List.of(new AttackWindows.Window(1, ATTACKER, T0 + startMicros, T0 + endMicros,
                "Scan", "syn-scan", "nmap")));
    }

    /**
     * Scores an online record on ten probes of the attacker, from 1.5 s on, 10 ms apart, in a scan window 1-2 s.
     *
     * @param file the online record (what the app alerted and blocked)
     * @return the evaluation by the record's alerts, then the one by its blocks
     */
    private static List<LiveEvaluation> onlineOnTenProbes(Path file) {
        OnlineRecord online = OnlineRecord.read(file);
        AttackWindows windows = scanWindow(1_000_000, 2_000_000);
        LiveEvaluation alerts = new LiveEvaluation(windows, online.detector(), online.policy(false));
        LiveEvaluation blocks = new LiveEvaluation(windows, OnlineRecord.read(file).detector(), online.policy(true));
        for (LiveEvaluation evaluation : List.of(alerts, blocks)) {
            for (int i = 0; i < 10; i++) {
                evaluation.accept(syn(1_500_000 + i * 10_000, ATTACKER, 40000 + i, 100 + i));
            }
            evaluation.finish();
        }
        return List.of(alerts, blocks);
    }

    @Test
    public void attackFlowsAreThoseOfItsSourceInItsWindowAndBlocksCoverTheRest() {
        AppDetectionPolicy policy = blockingAfter(3);
        LiveEvaluation evaluation = new LiveEvaluation(scanWindow(1_000_000, 2_000_000), new PortDetector(), policy);
        // Before the window: the attacker's flow is benign (and alerted: a false alert).
        evaluation.accept(syn(0, ATTACKER, 30000, 22));
        // Ten probes 10 ms apart from 1.5 s on: the 3rd alert blocks, the rest are dropped at the edge.
        for (int i = 0; i < 10; i++) {
            evaluation.accept(syn(1_500_000 + i * 10_000, ATTACKER, 40000 + i, 100 + i));
        }
        // A benign client, never alerted.
        evaluation.accept(syn(1_600_000, CLIENT, 50000, 80));
        evaluation.accept(PacketHeaders.tcp(T0 + 1_600_100, SERVER, CLIENT, 80, 50000, 60, 64, 0x12, 65160));

        LiveEvaluation.AttackOutcome scan = evaluation.attacks().get(0);
        assertEquals(10, scan.flows);
        assertEquals(2, scan.alerted);  // the 3rd alert made the block; alerts 1, 2 (and 3) before it
        assertEquals(8, scan.covered);
        assertEquals(1.0, scan.detectedShare(), 0);
        assertEquals(0.0, scan.secondsToAlert(), 0);
        assertEquals(1, evaluation.blocks().size());
        assertEquals(ATTACKER, evaluation.blocks().get(0).source);

        LiveEvaluation.BenignOutcome benign = evaluation.benign();
        assertEquals(2, benign.flows);     // the attacker's flow before its window, and the client's
        assertEquals(1, benign.alerted);
        assertEquals(1, benign.falseIncidents);
        assertTrue(benign.hostsBlocked.isEmpty());
    }

    @Test
    public void aBenignHostReachingTheBlockThresholdIsReported() {
        AppDetectionPolicy policy = blockingAfter(2);
        LiveEvaluation evaluation = new LiveEvaluation(scanWindow(50_000_000, 60_000_000), new PortDetector(), policy);
        evaluation.accept(syn(0, CLIENT, 50001, 4444));
        evaluation.accept(syn(100_000, CLIENT, 50002, 4444));
        evaluation.accept(syn(200_000, CLIENT, 50003, 4444));  // dropped: the client is blocked
        LiveEvaluation.BenignOutcome benign = evaluation.benign();
        assertEquals(3, benign.flows);
        assertEquals(2, benign.alerted);
        assertEquals(1, benign.hostsBlocked.size());
        assertEquals(CLIENT, benign.hostsBlocked.get(0).source);
        assertEquals(1, evaluation.dropped());
        LiveEvaluation.AttackOutcome scan = evaluation.attacks().get(0);
        assertEquals(0, scan.flows);
        assertEquals(-1, scan.secondsToAlert(), 0);
    }

    @Test
    public void withAutoBlockOffNothingIsDroppedAndTimeToAlertCountsFromTheFirstAttackPacket() {
        AppDetectionPolicy off = AppDetectionPolicy.alertsOnly(blockingAfter(1).policy());
        LiveEvaluation evaluation = new LiveEvaluation(scanWindow(1_000_000, 9_000_000), new PortDetector(), off);
        evaluation.accept(syn(2_000_000, ATTACKER, 40000, 2000));   // not alerted (port >= 1000)
        evaluation.accept(syn(2_750_000, ATTACKER, 40001, 22));     // alerted 0.75 s after the first packet
        LiveEvaluation.AttackOutcome scan = evaluation.attacks().get(0);
        assertEquals(2, scan.flows);
        assertEquals(0.5, scan.detectedShare(), 0);
        assertEquals(0.75, scan.secondsToAlert(), 1e-9);
        assertEquals(0.75, scan.secondsToIncident(), 1e-9);
        assertEquals(0, evaluation.dropped());
        assertFalse(evaluation.blocks().iterator().hasNext());
    }

    @Test
    public void onlineAlertsAndBlocksAsTheAppAnsweredAreScoredOnTheCapture() throws Exception {
        Path file = folder.newFile("online.json").toPath();
        long alertMillis = (T0 + 1_501_000) / 1000;
        long blockMillis = (T0 + 1_515_000) / 1000;
        Files.writeString(file, "{\"alerts\": [{\"id\": 1, \"class\": \"Scan\", \"firstSeenMillis\": " + alertMillis
                + ", \"flow\": {\"clientIp\": \"10.0.0.3\", \"clientPort\": 40000, \"serverIp\": \"10.0.0.2\","
                + " \"serverPort\": 100, \"protocol\": 6}}],"
                + " \"blocks\": [{\"id\": \"1\", \"src\": \"10.0.0.3\", \"createdAt\": " + blockMillis
                + ", \"expiresAt\": null, \"reason\": \"auto\"}]}");
        List<LiveEvaluation> scored = onlineOnTenProbes(file);
        LiveEvaluation alerts = scored.get(0);
        LiveEvaluation blocks = scored.get(1);
        assertEquals(1, alerts.attacks().get(0).alerted);
        assertEquals(0.1, alerts.attacks().get(0).detectedShare(), 1e-9);
        assertEquals(0.001, alerts.attacks().get(0).secondsToAlert(), 1e-9);
        // The block drops the probes from 1.52 s on (8 of them); the probe at 1.51 s got through unalerted.
        assertEquals(8, blocks.attacks().get(0).covered);
        assertEquals(0.9, blocks.attacks().get(0).detectedShare(), 1e-9);
        assertTrue(blocks.benign().hostsBlocked.isEmpty());

        Files.writeString(file, "{\"alerts\": []}");
        try {
            OnlineRecord.read(file);
            fail("accepted a record without blocks");
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("expected {\"alerts\""));
        }
    }

    /** A GET /flows record of the probe {@code i} of {@link #onlineOnTenProbes}, received 1 ms after it. */
    private static String probeRecord(int i, boolean alert) {
        return "{\"flow\": {\"clientIp\": \"10.0.0.3\", \"clientPort\": " + (40000 + i) + ", \"serverIp\": "
                + "\"10.0.0.2\", \"serverPort\": " + (100 + i) + ", \"protocol\": 6}, \"class\": \"Scan\", "
                + "\"classId\": 1, \"phase\": 0, \"confidencePermille\": 990, \"alert\": " + alert
                + ", \"receivedMillis\": " + (T0 + 1_501_000 + i * 10_000) / 1000 + "}";
    }

    @Test
    public void flowRecordsWhoseVerdictAlertedCountBeyondTheIncidentsEvidence() throws Exception {
        // The app raised one alert (probe 0, the incident's evidence); probes 1-3 were confident attack verdicts
        // of the same incident (records only), probe 4 a verdict below the threshold; the block from 1.545 s.
        Path file = folder.newFile("flows.json").toPath();
        long alertMillis = (T0 + 1_501_000) / 1000;
        long blockMillis = (T0 + 1_545_000) / 1000;
        Files.writeString(file, "{\"alerts\": [{\"id\": 1, \"class\": \"Scan\", \"incidentId\": 7, "
                + "\"firstSeenMillis\": " + alertMillis + ", \"flow\": {\"clientIp\": \"10.0.0.3\", \"clientPort\": "
                + "40000, \"serverIp\": \"10.0.0.2\", \"serverPort\": 100, \"protocol\": 6}}],"
                + " \"blocks\": [{\"id\": \"1\", \"src\": \"10.0.0.3\", \"createdAt\": " + blockMillis
                + ", \"expiresAt\": null, \"reason\": \"auto\"}], \"flows\": [" + probeRecord(0, true) + ", "
                + probeRecord(1, true) + ", " + probeRecord(2, true) + ", " + probeRecord(3, true) + ", "
                + probeRecord(4, false) + "]}");
        OnlineRecord record = OnlineRecord.read(file);
        assertEquals(1, record.alertCount());
        assertEquals(3, record.verdictCount());   // probe 0 once: its alert, not its record too
        List<LiveEvaluation> scored = onlineOnTenProbes(file);
        LiveEvaluation.AttackOutcome alone = scored.get(0).attacks().get(0);
        assertEquals(4, alone.alerted);
        assertEquals(0.001, alone.secondsToAlert(), 1e-9);
        // Probes 5-9 (from 1.55 s) dropped by the block; probe 4 neither alerted nor blocked.
        LiveEvaluation.AttackOutcome blocked = scored.get(1).attacks().get(0);
        assertEquals(5, blocked.covered);
        assertEquals(0.9, blocked.detectedShare(), 1e-9);

        Files.writeString(file, "{\"alerts\": [], \"blocks\": [], \"flows\": {}}");
        try {
            OnlineRecord.read(file);
            fail("accepted flows that are not an array");
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("\"flows\" is not an array"));
        }
    }

    @Test
    public void anAttackWhoseSourceWasBlockedBeforeItStartedIsDetectedAtItsStart() throws Exception {
        // Online: the app blocked the attacker (after an earlier attack), so this attack raised no alert at all.
        Path file = folder.newFile("blocked.json").toPath();
        long blockMillis = (T0 + 500_000) / 1000;
        Files.writeString(file, "{\"alerts\": [], \"blocks\": [{\"id\": \"1\", \"src\": \"10.0.0.3\", "
                + "\"createdAt\": " + blockMillis + ", \"expiresAt\": null, \"reason\": \"auto\"}]}");
        List<LiveEvaluation> scored = onlineOnTenProbes(file);
        LiveEvaluation alerts = scored.get(0);
        LiveEvaluation blocks = scored.get(1);
        PcapEvalCommand.Report report = new PcapEvalCommand.Report(null, file, file, "online", alerts, blocks,
                Map.of());
        assertEquals(-1, alerts.attacks().get(0).secondsToIncident(), 1e-9);
        assertTrue(blocks.attacks().get(0).blockedBefore);
        assertEquals(0, report.secondsToDetect(0), 1e-9);
        assertTrue(report.attackMet(0));
        // Without the block it is never detected.
        OnlineRecord online = OnlineRecord.read(file);
        LiveEvaluation unblocked = new LiveEvaluation(scanWindow(1_000_000, 2_000_000), online.detector(),
                                                      online.policy(false));
        unblocked.accept(syn(1_500_000, ATTACKER, 40000, 100));
        unblocked.finish();
        PcapEvalCommand.Report missed = new PcapEvalCommand.Report(null, file, file, "online", unblocked, unblocked,
                Map.of());
        assertEquals(-1, missed.secondsToDetect(0), 1e-9);
        assertFalse(missed.attackMet(0));
    }

    @Test
    public void aBenignFlowAlertedIsNamedWithItsLeafInTheReport() throws Exception {
        // The leaf a benign false alarm fell into is what a failing demo needs to name the rule at fault.
        LiveEvaluation evaluation = new LiveEvaluation(scanWindow(1_000_000, 2_000_000), new PortDetector(),
                                                       blockingAfter(3));
        evaluation.accept(syn(1_600_000, CLIENT, 50000, 4444));
        evaluation.finish();
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(true).algorithm("j48").parameters(Map.of()).rows(2).trainRows(2)
                .metrics(Map.of("f1_weighted", 1.0)).build();
        ModelBundle bundle = ModelBundles.compile("sample", "2026-01-01T00:00:00Z", training,
                Map.of(Phase.END, TestTrees.sampleWithCounts()), 500, SourceWindow.DEFAULT_WINDOW_LOG2_US,
                FeatureCatalog.standard(), TestTrees.capacity().build());
        Path file = folder.newFile("capture.pcap").toPath();
        PcapEvalCommand.Report report = new PcapEvalCommand.Report(bundle, file, file, "alone", evaluation,
                evaluation, Map.of());
        JsonNode example = new ObjectMapper().readTree(report.json()).path("benign").path("alerted_examples").get(0);
        assertEquals(4444, example.path("server_port").asInt());
        assertEquals(3, example.path("leaf").asInt(-1));
        assertEquals(950, example.path("confidence_permille").asInt());
    }

    /** Alerts the attacker's ICMP flows at their first packet, one per switch flow (an echo identifier). */
    private static final class EchoDetector implements LiveEvaluation.Detector {
        private final java.util.Set<org.onosproject.nids.model.flow.FlowKey> alerted = new java.util.HashSet<>();

        @Override
        public List<LiveEvaluation.Detection> accept(PacketHeaders p) {
            if (p.sourceAddress() == ATTACKER && alerted.add(org.onosproject.nids.model.flow.FlowKey.of(p))) {
                // As the switch reports it: ports 0 for ICMP, whatever the identifier keying the flow.
                return List.of(new LiveEvaluation.Detection(p.timestampMicros(), p.protocol(), p.sourceAddress(),
                        0, p.destinationAddress(), 0, 1, "Flood", 3, 990, 1, true));
            }
            return List.of();
        }

        @Override
        public List<LiveEvaluation.Detection> finish(long micros) {
            return List.of();
        }
    }

    @Test
    public void aSecondIcmpFloodOfTheSamePairIsDetectedByTheAlertThatUpdatesTheOpenIncident() {
        // A ping flood (identifier 7) 1-2 s, then another tool's flood (identifier 9) 5-6 s, same hosts: two flows
        // to the switch, each alerted at its first packet; the second alert joins the source's open Flood incident,
        // which counts as the second attack's detection (an incident naming its source, updated in its window).
        AttackWindows windows = AttackWindows.of(List.of(
                new AttackWindows.Window(1, ATTACKER, T0 + 1_000_000, T0 + 2_000_000, "Flood", "icmp-flood", "ping"),
                new AttackWindows.Window(2, ATTACKER, T0 + 5_000_000, T0 + 6_000_000, "Flood", "icmp-flood",
                        "hping3")));
        AppDetectionPolicy off = AppDetectionPolicy.alertsOnly(blockingAfter(1).policy());
        LiveEvaluation evaluation = new LiveEvaluation(windows, new EchoDetector(), off);
        for (int i = 0; i < 10; i++) {
            evaluation.accept(PacketHeaders.icmp(T0 + 1_000_000 + i * 1000, ATTACKER, SERVER, 84, 64, 8, 0, 7));
        }
        for (int i = 0; i < 10; i++) {
            evaluation.accept(PacketHeaders.icmp(T0 + 5_200_000 + i * 1000, ATTACKER, SERVER, 1428, 64, 8, 0, 9));
        }
        List<LiveEvaluation.AttackOutcome> attacks = evaluation.attacks();
        assertEquals(1, evaluation.incidents().size());
        assertEquals(1, attacks.get(1).flows);
        assertEquals(1, attacks.get(1).alerted);
        assertEquals(0.0, attacks.get(1).secondsToAlert(), 0);
        assertEquals(0.0, attacks.get(1).secondsToIncident(), 0);
    }

    @Test
    public void aVictimsRepliesToABenignPingDuringItsOwnAttackAreNotAnAttackFlow() {
        // The attacker floods the server (echo identifier 9) 1-2 s; meanwhile a benign client pings the attacker
        // (identifier 5), which answers. Ground truth: one attack flow (the flood) and one benign flow (the ping,
        // its replies included); the replies the attacker sends in its window do not start a flow of its own.
        AttackWindows windows = AttackWindows.of(List.of(
                new AttackWindows.Window(1, ATTACKER, T0 + 1_000_000, T0 + 2_000_000, "Flood", "icmp-flood",
                        "hping3")));
        LiveEvaluation.Detector echoRequestsOfTheAttacker = new LiveEvaluation.Detector() {
            private final java.util.Set<org.onosproject.nids.model.flow.FlowKey> alerted = new java.util.HashSet<>();

            @Override
            public List<LiveEvaluation.Detection> accept(PacketHeaders p) {
                org.onosproject.nids.model.flow.FlowKey key = org.onosproject.nids.model.flow.FlowKey.of(p);
                if (p.sourceAddress() == ATTACKER && p.icmpType() == 8 && alerted.add(key)) {
                    return List.of(new LiveEvaluation.Detection(p.timestampMicros(), p.protocol(), ATTACKER, 0,
                            p.destinationAddress(), 0, 1, "Flood", 3, 990, 1, true, key));
                }
                return List.of();
            }

            @Override
            public List<LiveEvaluation.Detection> finish(long micros) {
                return List.of();
            }
        };
        LiveEvaluation evaluation = new LiveEvaluation(windows, echoRequestsOfTheAttacker,
                AppDetectionPolicy.alertsOnly(blockingAfter(1).policy()));
        for (int i = 0; i < 4; i++) {
            long ping = 500_000 + i * 400_000;  // 0.5, 0.9, 1.3, 1.7 s: two of them in the attack window
            evaluation.accept(PacketHeaders.icmp(T0 + ping, CLIENT, ATTACKER, 84, 64, 8, 0, 5));
            evaluation.accept(PacketHeaders.icmp(T0 + ping + 100, ATTACKER, CLIENT, 84, 64, 0, 0, 5));
        }
        for (int i = 0; i < 10; i++) {
            evaluation.accept(PacketHeaders.icmp(T0 + 1_100_000 + i * 1000, ATTACKER, SERVER, 1428, 64, 8, 0, 9));
        }
        evaluation.finish();
        LiveEvaluation.AttackOutcome flood = evaluation.attacks().get(0);
        assertEquals(1, flood.flows);
        assertEquals(1, flood.alerted);
        assertEquals(1.0, flood.detectedShare(), 0);
        LiveEvaluation.BenignOutcome benign = evaluation.benign();
        assertEquals(1, benign.flows);
        assertEquals(0, benign.alerted);
        assertEquals(2, evaluation.flowCount());
    }

    @Test
    public void aNewConnectionOnAnEndedFiveTupleIsANewFlow() {
        AppDetectionPolicy off = AppDetectionPolicy.alertsOnly(blockingAfter(1).policy());
        LiveEvaluation evaluation = new LiveEvaluation(scanWindow(1_000_000, 9_000_000), new PortDetector(), off);
        evaluation.accept(syn(0, CLIENT, 50000, 80));
        evaluation.accept(PacketHeaders.tcp(T0 + 100, SERVER, CLIENT, 80, 50000, 40, 64, 0x14, 0));  // RST
        evaluation.accept(syn(200, CLIENT, 50000, 80));                                               // again
        evaluation.accept(PacketHeaders.tcp(T0 + 300, SERVER, CLIENT, 80, 50000, 60, 64, 0x12, 65160));
        evaluation.accept(PacketHeaders.tcp(T0 + 400, CLIENT, SERVER, 50000, 80, 40, 64, 0x02, 64240));  // retry
        assertEquals(2, evaluation.flowCount());
    }

    @Test
    public void labelsFileIsReadWithQuotedFieldsAndRefusedWithOneLine() throws Exception {
        Path file = folder.newFile("labels.csv").toPath();
        Files.writeString(file, "src,start,end,family,attack,tool,target,params\n"
                + "10.0.0.3,1700000000.500000,1700000010.250000,Scan,syn-scan,nmap,10.0.0.2,\"-sS -p 1-100,443\"\n"
                + "10.0.0.4,1700000005,1700000006,Flood,udp-flood,hping3,10.0.0.2,\n");
        AttackWindows windows = AttackWindows.read(file);
        assertEquals(2, windows.windows().size());
        assertEquals(List.of("Scan", "Flood"), windows.families());
        assertTrue(windows.windowOf(ATTACKER, 1_700_000_000_500_000L).isPresent());
        assertFalse(windows.windowOf(ATTACKER, 1_700_000_010_250_001L).isPresent());
        assertFalse(windows.windowOf(CLIENT, 1_700_000_005_000_000L).isPresent());

        assertRefused("src,start,end,family\n", "no 'attack' column");
        assertRefused("src,start,end,family,attack\n10.0.0.300,1,2,Scan,syn-scan\n", "is not an IPv4 address");
        assertRefused("src,start,end,family,attack\n10.0.0.3,5,2,Scan,syn-scan\n", "end is before start");
        assertRefused("src,start,end,family,attack\n10.0.0.3,1,2,Benign,none\n", "is not an attack class name");
        assertRefused("src,start,end,family,attack\n10.0.0.3,x,2,Scan,syn-scan\n", "is not a time in seconds");
    }

    private void assertRefused(String text, String expected) throws Exception {
        Path file = folder.newFile().toPath();
        Files.writeString(file, text);
        try {
            AttackWindows.read(file);
            fail("accepted " + text);
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
            assertFalse(e.getMessage().contains("\n"));
        }
    }
}
