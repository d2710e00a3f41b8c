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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * {@code nids-model dataset --labels}: a lab run's flows labelled by their client and the time of their first
 * packet; flows right after an attack left out; at most N flows per attack.
 */
public class DatasetLabelsTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    /** Addresses and a start time the lab's tests share. */
    static final int CLIENT = 0x0A000001;
    static final int SERVER = 0x0A000002;
    static final int ATTACKER = 0x0A000003;
    static final long T0 = 1_700_000_000_000_000L;

    /**
     * The attacker probes 10 ports from 1 s on (its attack window: 1 s to 2 s), opens one more connection at 4 s
     * (within 5 s of its attack: left out) and one at 9 s (benign again); the client makes one connection at 1.5 s.
     */
    private Path capture() throws Exception {
        TestData.PcapBuilder pcap = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, false, 1);
        for (int i = 0; i < 10; i++) {
            long t = T0 + 1_000_000 + i * 10_000;
            pcap.frame(t, TestData.ipv4Frame(6, ATTACKER, SERVER, 64, 44, TestData.tcp(40000 + i, 100 + i, 0x02,
                    1024)));
            pcap.frame(t + 100, TestData.ipv4Frame(6, SERVER, ATTACKER, 64, 40, TestData.tcp(100 + i, 40000 + i,
                    0x14, 0)));
        }
        pcap.frame(T0 + 1_500_000, TestData.ipv4Frame(6, CLIENT, SERVER, 64, 60, TestData.tcp(50000, 80, 0x02,
                64240)));
        pcap.frame(T0 + 4_000_000, TestData.ipv4Frame(6, ATTACKER, SERVER, 64, 60, TestData.tcp(41000, 80, 0x02,
                64240)));
        pcap.frame(T0 + 9_000_000, TestData.ipv4Frame(6, ATTACKER, SERVER, 64, 60, TestData.tcp(42000, 80, 0x02,
                64240)));
        return Files.write(folder.newFile("lab.pcap").toPath(), pcap.build());
    }

    private Path labels() throws Exception {
        return Files.writeString(folder.newFile("labels.csv").toPath(),
                "src,start,end,family,attack,tool,target,params\n"
                        + "10.0.0.3,1700000001.000000,1700000002.000000,Scan,syn-scan,nmap,10.0.0.2,"
                        + "\"-sS -p 100-109\"\n");
    }

    private static List<Map<String, String>> read(Path file) throws Exception {
        List<Map<String, String>> rows = new ArrayList<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(file)), StandardCharsets.UTF_8))) {
            List<String> header = Arrays.asList(reader.readLine().split(","));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                String[] fields = line.split(",", -1);
                Map<String, String> row = new HashMap<>();
                for (int i = 0; i < fields.length; i++) {
                    row.put(header.get(i), fields[i]);
                }
                rows.add(row);
            }
        }
        return rows;
    }

    @Test
    public void flowsAreLabelledByClientAndWindowAndTheAftermathIsLeftOut() throws Exception {
        Path out = folder.getRoot().toPath().resolve("rows.csv.gz");
        TestData.Run run = TestData.cli("dataset", "--pcap", capture().toString(), "--labels", labels().toString(),
                "--rows", "flows", "--out", out.toString());
        assertEquals(run.err, 0, run.status);
        List<Map<String, String>> rows = read(out);
        long scans = rows.stream().filter(r -> r.get("Attack").equals("Scan")).count();
        assertEquals(10, scans);
        List<String> benignSources = new ArrayList<>();
        rows.stream().filter(r -> r.get("Attack").equals("Benign")).forEach(r -> benignSources.add(
                r.get("IPV4_SRC_ADDR") + ":" + r.get("L4_DST_PORT")));
        // The client's flow and the attacker's flow 7 s after its attack; not the one 2 s after it.
        assertEquals(List.of("10.0.0.1:80", "10.0.0.3:80"), benignSources);
        assertTrue(rows.stream().allMatch(r -> !r.get("FLOW").isEmpty()));
    }

    @Test
    public void atMostNFlowsPerAttackAllTheirPhases() throws Exception {
        Path out = folder.getRoot().toPath().resolve("phases.csv.gz");
        TestData.Run run = TestData.cli("dataset", "--pcap", capture().toString(), "--labels", labels().toString(),
                "--rows", "phases", "--max-flows-per-attack", "4", "--seed", "3", "--out", out.toString());
        assertEquals(run.err, 0, run.status);
        assertTrue(run.out, run.out.contains("6 attack flows left out (at most 4 per attack)"));
        List<Map<String, String>> rows = read(out);
        Map<String, Long> phasesPerScanFlow = new HashMap<>();
        rows.stream().filter(r -> r.get("Attack").equals("Scan"))
                .forEach(r -> phasesPerScanFlow.merge(r.get("FLOW"), 1L, Long::sum));
        assertEquals(4, phasesPerScanFlow.size());
        // Each kept probe keeps all its rows: packet 1 and its end (the server's reset, its packet 2).
        assertTrue(phasesPerScanFlow.toString(), phasesPerScanFlow.values().stream().allMatch(n -> n == 2));
        assertEquals(2, rows.stream().filter(r -> r.get("Attack").equals("Benign"))
                .map(r -> r.get("FLOW")).distinct().count());
    }

    @Test
    public void severalCapturesEachWithItsLabelsMakeOneSet() throws Exception {
        Path pcap = capture();
        Path labels = labels();
        Path out = folder.getRoot().toPath().resolve("two.csv.gz");
        TestData.Run run = TestData.cli("dataset", "--pcap", pcap + "," + pcap, "--labels", labels + "," + labels,
                "--rows", "flows", "--max-flows-per-attack", "4", "--out", out.toString());
        assertEquals(run.err, 0, run.status);
        List<Map<String, String>> rows = read(out);
        // Each capture's attack is capped on its own; flows of the two captures keep apart.
        assertEquals(8, rows.stream().filter(r -> r.get("Attack").equals("Scan")).count());
        assertEquals(12, rows.stream().map(r -> r.get("FLOW")).distinct().count());
        TestData.Run mismatch = TestData.cli("dataset", "--pcap", pcap + "," + pcap, "--labels", labels.toString(),
                "--out", folder.getRoot().toPath().resolve("w.csv").toString());
        assertEquals(2, mismatch.status);
        assertTrue(mismatch.err, mismatch.err.contains("2 captures (--pcap) but 1 labels files"));
    }

    @Test
    public void labelsAndLabelBySourceAreExclusiveAndOneIsNeeded() throws Exception {
        Path pcap = capture();
        Path labels = labels();
        TestData.Run both = TestData.cli("dataset", "--pcap", pcap.toString(), "--labels", labels.toString(),
                "--label-by-src", "10.0.0.3=Scan", "--out", folder.getRoot().toPath().resolve("x.csv").toString());
        assertEquals(2, both.status);
        assertTrue(both.err, both.err.contains("--label-by-src ADDR=LABEL,... or --labels FILE (one of them)"));
        TestData.Run none = TestData.cli("dataset", "--pcap", pcap.toString(), "--out",
                folder.getRoot().toPath().resolve("y.csv").toString());
        assertEquals(2, none.status);
        TestData.Run badLabels = TestData.cli("dataset", "--pcap", pcap.toString(), "--labels", pcap.toString(),
                "--out", folder.getRoot().toPath().resolve("z.csv").toString());
        assertEquals(1, badLabels.status);
        assertTrue(badLabels.err, badLabels.err.startsWith("nids-model: error: labels ")
                && badLabels.err.contains("not a text (UTF-8) CSV file"));
        assertTrue(Files.notExists(folder.getRoot().toPath().resolve("z.csv")));
    }
}
