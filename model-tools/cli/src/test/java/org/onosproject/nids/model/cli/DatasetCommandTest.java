package org.onosproject.nids.model.cli;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** {@code nids-model dataset}: rows from a pcap through the switch's flow features, labelled by client address. */
public class DatasetCommandTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final int BENIGN_CLIENT = 0x0A000001;
    private static final int SERVER = 0x0A000002;
    private static final int ATTACKER = 0x0A000003;

    /** A benign TCP exchange h1 → h2:80 (3 packets) and a SYN probe h3 → h2:22 answered by h2 (2 packets). */
    private Path capture() throws Exception {
        long t0 = 1_700_000_000_000_000L;
        byte[] bytes = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 1)
                .frame(t0, TestData.ipv4Frame(6, BENIGN_CLIENT, SERVER, 64, 60, TestData.tcp(40000, 80, 0x02, 64240)))
                .frame(t0 + 100, TestData.ipv4Frame(6, SERVER, BENIGN_CLIENT, 64, 60, TestData.tcp(80, 40000, 0x12,
                        65160)))
                .frame(t0 + 2100, TestData.ipv4Frame(6, ATTACKER, SERVER, 45, 44, TestData.tcp(55555, 22, 0x02,
                        1024)))
                .frame(t0 + 2200, TestData.ipv4Frame(6, SERVER, ATTACKER, 64, 40, TestData.tcp(22, 55555, 0x14, 0)))
                .frame(t0 + 3100, TestData.ipv4Frame(6, BENIGN_CLIENT, SERVER, 64, 1052, TestData.tcp(40000, 80,
                        0x18, 502)))
                // ARP: not a flow packet, counted as skipped.
                .frame(t0 + 4000, arp())
                .build();
        return Files.write(folder.newFile("capture.pcap").toPath(), bytes);
    }

    private static byte[] arp() {
        byte[] frame = new byte[60];
        frame[12] = 0x08;
        frame[13] = 0x06;
        return frame;
    }

    private static List<String[]> read(Path file, boolean gzip) throws Exception {
        List<String[]> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                gzip ? new GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file),
                StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                rows.add(line.split(",", -1));
            }
        }
        return rows;
    }

    private static int column(String[] header, String name) {
        int index = Arrays.asList(header).indexOf(name);
        assertTrue(name + " in " + Arrays.toString(header), index >= 0);
        return index;
    }

    @Test
    public void oneRowPerFlowLabelledByItsClient() throws Exception {
        Path out = folder.getRoot().toPath().resolve("flows.csv.gz");
        TestData.Run run = TestData.cli("dataset", "--pcap", capture().toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Attack", "--rows", "flows");
        assertEquals(run.err, 0, run.status);
        assertTrue(run.out, run.out.contains("6 frames, 2 flows, 2 rows ({Attack=1, Benign=1} per flow)"));
        List<String[]> rows = read(out, true);
        assertEquals(3, rows.size());
        String[] header = rows.get(0);
        // In the order the flows ended: the probe at its RST, the benign flow with the capture.
        String[] attack = rows.get(1);
        String[] benign = rows.get(2);
        assertEquals("10.0.0.1", benign[column(header, "IPV4_SRC_ADDR")]);
        assertEquals("Benign", benign[column(header, "Attack")]);
        assertEquals("0", benign[column(header, "Label")]);
        // The flow's final state: both IN packets, the reply as OUT.
        assertEquals("2", benign[column(header, "IN_PKTS")]);
        assertEquals("1112", benign[column(header, "IN_BYTES")]);
        assertEquals("1", benign[column(header, "OUT_PKTS")]);
        assertEquals("3", benign[column(header, "FLOW_DURATION_MILLISECONDS")]);
        // The attacker is the client of its flow even though the server sent one of its packets.
        assertEquals("10.0.0.3", attack[column(header, "IPV4_SRC_ADDR")]);
        assertEquals("Attack", attack[column(header, "Attack")]);
        assertEquals("1", attack[column(header, "Label")]);
        assertEquals("22", attack[column(header, "L4_DST_PORT")]);
        assertEquals("1024", attack[column(header, "TCP_WIN_MAX_IN")]);
        assertEquals("45", attack[column(header, "MIN_TTL")]);
        assertFalse(Files.exists(out.resolveSibling("flows.csv.gz.partial")));
    }

    @Test
    public void oneRowPerPhaseIsWhatTheSwitchClassifiesAtEachPhase() throws Exception {
        Path out = folder.getRoot().toPath().resolve("phases.csv");
        TestData.Run run = TestData.cli("dataset", "--pcap", capture().toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Scan,10.0.0.9=DoS", "--default-label", "Benign", "--rows", "phases");
        assertEquals(run.err, 0, run.status);
        List<String[]> rows = read(out, false);
        assertEquals(6, rows.size());
        String[] header = rows.get(0);
        int phase = column(header, "PHASE");
        int inPkts = column(header, "IN_PKTS");
        int outPkts = column(header, "OUT_PKTS");
        int label = column(header, "Attack");
        List<String> trace = new ArrayList<>();
        for (String[] row : rows.subList(1, rows.size())) {
            trace.add(row[label] + "@" + row[phase] + ":" + row[inPkts] + "/" + row[outPkts]);
        }
        // Packets 1 and 2 of each flow; the probe ends at its RST (phase 0 = end); the benign flow's third packet is
        // no phase, and the flow ends when the capture does (the final sweep).
        assertEquals(List.of("Benign@1:1/0", "Benign@2:1/1", "Scan@1:1/0", "Scan@0:1/1", "Benign@0:2/1"), trace);
    }

    @Test
    public void chosenFeaturesAndAmbiguousStatesLabelledBenign() throws Exception {
        // The attacker's SYN to port 80 looks exactly like the benign client's SYN on these three features.
        long t0 = 1_700_000_000_000_000L;
        byte[] bytes = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 1)
                .frame(t0, TestData.ipv4Frame(6, BENIGN_CLIENT, SERVER, 64, 60, TestData.tcp(40000, 80, 0x02, 64240)))
                .frame(t0 + 10, TestData.ipv4Frame(6, ATTACKER, SERVER, 64, 60, TestData.tcp(50000, 80, 0x02, 64240)))
                .frame(t0 + 20, TestData.ipv4Frame(6, ATTACKER, SERVER, 64, 40, TestData.tcp(50000, 80, 0x04, 0)))
                .build();
        Path capture = Files.write(folder.newFile("ambiguous.pcap").toPath(), bytes);
        Path out = folder.getRoot().toPath().resolve("ambiguous.csv");
        TestData.Run run = TestData.cli("dataset", "--pcap", capture.toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Attack", "--rows", "phases",
                "--features", "TCP_FLAGS,L4_DST_PORT,IN_BYTES", "--ambiguous", "benign");
        assertEquals(run.err, 0, run.status);
        assertTrue(run.out, run.out.contains("1 ambiguous rows labelled benign"));
        List<String[]> rows = read(out, false);
        // Catalog order, not the order named; then the phase (0 = end), the flow's number and the source window the
        // rows were made with.
        assertEquals(List.of("IPV4_SRC_ADDR", "IPV4_DST_ADDR", "L4_DST_PORT", "IN_BYTES", "TCP_FLAGS", "PHASE",
                "FLOW", "SOURCE_WINDOW_LOG2_US", "Label", "Attack"), Arrays.asList(rows.get(0)));
        assertEquals(List.of("10.0.0.1", "10.0.0.2", "80", "60", "2", "1", "1", "21", "0", "Benign"),
                Arrays.asList(rows.get(1)));
        // The attacker's SYN state at phase 1 is one the benign flow also reached there: benign.
        assertEquals(List.of("10.0.0.3", "10.0.0.2", "80", "60", "2", "1", "2", "21", "0", "Benign"),
                Arrays.asList(rows.get(2)));
        // Its SYN then RST state, at its end, is its own: still an attack.
        assertEquals(List.of("10.0.0.3", "10.0.0.2", "80", "100", "6", "0", "2", "21", "1", "Attack"),
                Arrays.asList(rows.get(3)));
        // The benign flow at its end (the capture's): the same features as at phase 1, another phase: not ambiguous.
        assertEquals(List.of("10.0.0.1", "10.0.0.2", "80", "60", "2", "0", "1", "21", "0", "Benign"),
                Arrays.asList(rows.get(4)));
        // Without --ambiguous the labels are the sources' labels.
        TestData.Run kept = TestData.cli("dataset", "--pcap", capture.toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Attack", "--rows", "phases", "--features", "TCP_FLAGS");
        assertEquals(kept.err, 0, kept.status);
        assertEquals("Attack", read(out, false).get(2)[7]);
    }

    @Test
    public void theSetTrainsAModelThatSimulateReadsBack() throws Exception {
        // Many SYN probes from the attacker and many small exchanges from the benign host: enough for a tree.
        long t0 = 1_700_000_000_000_000L;
        TestData.PcapBuilder pcap = new TestData.PcapBuilder(ByteOrder.BIG_ENDIAN, false, 1);
        for (int i = 0; i < 60; i++) {
            long t = t0 + i * 10_000L;
            pcap.frame(t, TestData.ipv4Frame(6, ATTACKER, SERVER, 50, 44, TestData.tcp(60000, 1000 + i, 0x02, 1024)));
            pcap.frame(t + 50, TestData.ipv4Frame(6, BENIGN_CLIENT, SERVER, 64, 60,
                    TestData.tcp(30000 + i, 80, 0x02, 64240)));
            pcap.frame(t + 90, TestData.ipv4Frame(6, SERVER, BENIGN_CLIENT, 64, 60,
                    TestData.tcp(80, 30000 + i, 0x12, 65160)));
            pcap.frame(t + 150, TestData.ipv4Frame(6, BENIGN_CLIENT, SERVER, 64, 400,
                    TestData.tcp(30000 + i, 80, 0x18, 502)));
        }
        Path capture = Files.write(folder.newFile("train.pcap").toPath(), pcap.build());
        Path data = folder.getRoot().toPath().resolve("train.csv");
        Path model = folder.getRoot().toPath().resolve("model.json");
        assertEquals(0, TestData.cli("dataset", "--pcap", capture.toString(), "--out", data.toString(),
                "--label-by-src", "10.0.0.3=Attack").status);
        TestData.Run train = TestData.cli("train", "--data", data.toString(), "--out", model.toString(), "--binary",
                "--min-leaf", "1");
        assertEquals(train.err, 0, train.status);
        // The address columns are not features: train lists them as ignored.
        assertTrue(train.err + train.out, (train.err + train.out).contains("IPV4_SRC_ADDR"));
        TestData.Run simulate = TestData.cli("simulate", "--model", model.toString(), "--pcap", capture.toString());
        assertEquals(simulate.err, 0, simulate.status);
        assertTrue(simulate.out, simulate.out.contains("every verdict agrees with its phase's tree"));
        for (String line : simulate.out.split("\n")) {
            if (line.startsWith("flow ") && line.contains(" 10.0.0.3:")) {
                assertTrue(line, line.contains("ALERT at p1 (Attack)"));
            } else if (line.startsWith("flow ")) {
                assertTrue(line, line.contains("no alert"));
            }
        }
    }

    @Test
    public void aLateRowsOnlyCaptureGivesRowsAtTheLatePhaseOnly() throws Exception {
        // 260 datagrams h3 -> h2, nothing back: phases 1, 2, 4, ..., 128, the late phase at 192 and 256, the end.
        long t0 = 1_700_000_100_000_000L;
        TestData.PcapBuilder flood = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 1);
        for (int k = 0; k < 260; k++) {
            flood.frame(t0 + 1000L * k, TestData.ipv4Frame(17, ATTACKER, SERVER, 64, 28, TestData.udp(40001, 53)));
        }
        Path floods = Files.write(folder.newFile("floods.pcap").toPath(), flood.build());
        Path lab = capture();
        String pcaps = lab + "," + floods;
        Path all = folder.getRoot().toPath().resolve("all.csv");
        Path late = folder.getRoot().toPath().resolve("late.csv");
        TestData.Run run = TestData.cli("dataset", "--pcap", pcaps, "--out", all.toString(),
                "--label-by-src", "10.0.0.3=Flood");
        assertEquals(run.err, 0, run.status);
        run = TestData.cli("dataset", "--pcap", pcaps, "--out", late.toString(), "--label-by-src", "10.0.0.3=Flood",
                "--late-rows-only", floods.toString());
        assertEquals(run.err, 0, run.status);
        List<String> allPhases = phasesOfFlow(read(all, false), "40001");
        List<String> latePhases = phasesOfFlow(read(late, false), "40001");
        assertEquals(List.of("1", "2", "4", "8", "16", "32", "64", "128", "65535", "65535", "0"), allPhases);
        assertEquals(List.of("65535", "65535"), latePhases);
        // The other capture's rows are all kept.
        assertEquals(read(all, false).size() - allPhases.size() + latePhases.size(), read(late, false).size());

        assertBad(TestData.cli("dataset", "--pcap", lab.toString(), "--out", late.toString(),
                "--label-by-src", "10.0.0.3=Flood", "--late-rows-only", floods.toString()), 2, "is not one of --pcap");
    }

    @Test
    public void aLateAttackRowsOnlyCaptureKeepsItsBenignFlowsAtEveryPhase() throws Exception {
        // The same 260 datagrams from the attacker and from a benign client, nothing back.
        long t0 = 1_700_000_100_000_000L;
        TestData.PcapBuilder crafted = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 1);
        for (int k = 0; k < 260; k++) {
            crafted.frame(t0 + 1000L * k, TestData.ipv4Frame(17, ATTACKER, SERVER, 64, 28, TestData.udp(40001, 53)));
            crafted.frame(t0 + 1000L * k + 500, TestData.ipv4Frame(17, BENIGN_CLIENT, SERVER, 64, 28,
                    TestData.udp(40002, 53)));
        }
        Path craftedFile = Files.write(folder.newFile("crafted.pcap").toPath(), crafted.build());
        Path out = folder.getRoot().toPath().resolve("late-attack.csv");
        TestData.Run run = TestData.cli("dataset", "--pcap", craftedFile.toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Flood", "--late-attack-rows-only", craftedFile.toString());
        assertEquals(run.err, 0, run.status);
        List<String[]> rows = read(out, false);
        assertEquals(List.of("65535", "65535"), phasesOfFlow(rows, "40001"));
        assertEquals(List.of("1", "2", "4", "8", "16", "32", "64", "128", "65535", "65535", "0"),
                phasesOfFlow(rows, "40002"));

        assertBad(TestData.cli("dataset", "--pcap", craftedFile.toString(), "--out", out.toString(),
                "--label-by-src", "10.0.0.3=Flood", "--late-attack-rows-only", craftedFile.toString(),
                "--late-rows-only", craftedFile.toString()), 2, "is in --late-rows-only and --late-attack-rows-only");
    }

    /** The PHASE column of the rows of the flow with this client port (by L4_SRC_PORT, written by default). */
    private static List<String> phasesOfFlow(List<String[]> rows, String clientPort) {
        String[] header = rows.get(0);
        List<String> phases = new ArrayList<>();
        for (String[] row : rows.subList(1, rows.size())) {
            if (row[column(header, "L4_SRC_PORT")].equals(clientPort)) {
                phases.add(row[column(header, "PHASE")]);
            }
        }
        return phases;
    }

    @Test
    public void badOptionsAreOneLineErrors() throws Exception {
        String pcap = capture().toString();
        String out = folder.getRoot().toPath().resolve("x.csv").toString();
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.300=Attack"),
                2, "is not an IPv4 address");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3"),
                2, "needs ADDRESS=LABEL items");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3=A,10.0.0.3=B"),
                2, "names 10.0.0.3 twice");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3=a b"),
                2, "a label is letters");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3=A",
                "--rows", "bytes"), 2, "--rows is phases or flows");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3=A",
                "--features", "IN_BYTES,NOPE"), 2, "NOPE is not a catalog feature");
        assertBad(TestData.cli("dataset", "--pcap", pcap, "--out", out, "--label-by-src", "10.0.0.3=A",
                "--ambiguous", "attack"), 2, "--ambiguous is keep or benign");
        assertBad(TestData.cli("dataset", "--pcap", pcap + ".missing", "--out", out, "--label-by-src", "10.0.0.3=A"),
                1, "no such file");
        assertFalse(Files.exists(Path.of(out)));
    }

    private static void assertBad(TestData.Run run, int status, String expected) {
        assertEquals(run.err, status, run.status);
        assertEquals(run.err, 1, run.err.lines().filter(l -> l.startsWith("nids-model: ")).count());
        assertTrue(run.err, run.err.contains(expected));
    }
}
