package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.PhaseModel;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.capacity.CapacityExceededException;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.tree.DecisionTree;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The CLI as a user runs it: commands, outputs, exit status, and one error line for each bad input. */
public class NidsModelCliTest {

    @ClassRule
    public static TemporaryFolder shared = new TemporaryFolder();

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static Path trainCsv;
    private static Path binaryModel;
    private static TestData.Run binaryTraining;

    @BeforeClass
    public static void trainOnce() throws Exception {
        trainCsv = TestData.writeGzip(shared.newFile("flows.csv.gz").toPath(), TestData.flowsCsv(3000, 11));
        binaryModel = shared.getRoot().toPath().resolve("binary.json");
        binaryTraining = TestData.cli("train", "--data", trainCsv.toString(), "--out", binaryModel.toString(),
                "--binary", "--max-leaves", "64");
    }

    private static void assertFailsWith(TestData.Run run, int status, String expected) {
        assertEquals(run.err, status, run.status);
        String[] lines = run.err.trim().split("\n");
        String errorLine = lines[lines.length - 1];
        assertTrue(run.err, errorLine.startsWith("nids-model: "));
        assertTrue(errorLine, errorLine.contains(expected));
        assertEquals("one error line", 1, run.err.lines().filter(l -> l.startsWith("nids-model: ")).count());
    }

    @Test
    public void featuresListsTheCatalog() throws Exception {
        TestData.Run text = TestData.cli("features");
        assertEquals(0, text.status);
        assertTrue(text.out.contains(" 11  FLOW_DURATION_MILLISECONDS      32  1000"));
        JsonNode json = MAPPER.readTree(TestData.cli("features", "--json").out);
        assertEquals(33, json.get("features").size());
    }

    @Test
    public void trainWritesAValidBundleAndPrintsTheEvaluation() throws Exception {
        assertEquals(binaryTraining.err, 0, binaryTraining.status);
        assertTrue(binaryTraining.out.contains("fidelity      1.0000"));
        assertTrue(binaryTraining.out.contains("attack f1"));
        assertTrue(binaryTraining.err,
                binaryTraining.err.contains("ignoring 2 columns that are not catalog features: L7_PROTO, Label"));
        assertTrue(binaryTraining.err, binaryTraining.err.matches("(?s).*training J48 on \\d+ rows x 8 features.*"));
        ModelBundle bundle = BundleFiles.read(binaryModel, FeatureCatalog.standard());
        assertEquals(List.of("Benign", "Attack"), bundle.classNames());
        assertTrue(end(bundle).tree().leafCount() <= 64);
        assertEquals(1.0, bundle.training().metrics().get("fidelity"), 0);
        assertEquals(3000, bundle.training().trainRows() + bundle.training().testRows());
        assertEquals("flows.csv.gz", bundle.training().dataFile());
    }

    @Test
    public void evalReportsMetricsAndFidelityAsJson() throws Exception {
        TestData.Run run = TestData.cli("eval", "--model", binaryModel.toString(), "--data", trainCsv.toString(),
                "--json");
        assertEquals(run.err, 0, run.status);
        JsonNode json = MAPPER.readTree(run.out);
        for (String key : List.of("accuracy", "f1_weighted", "f1_macro", "attack_f1", "fidelity", "rows",
                "per_class", "confusion")) {
            assertTrue(key, json.has(key));
        }
        assertEquals(1.0, json.get("fidelity").asDouble(), 0);
        assertEquals(3000, json.get("rows").asLong());
        assertTrue(json.get("f1_weighted").asDouble() > 0.9);
        assertEquals("Attack", json.get("per_class").get(1).get("class").asText());
        assertEquals(2, json.get("confusion").get("matrix").size());
        assertEquals("--json: no progress on stderr", "", run.err);
        TestData.Run text = TestData.cli("eval", "--model", binaryModel.toString(), "--data", trainCsv.toString());
        assertTrue(text.out.contains("confusion (rows: true class"));
        // Progress goes to stderr, phase by phase; stdout keeps the report only.
        assertTrue(text.err, text.err.matches("(?s)\\[ *[0-9.]+s\\] reading .*\\[ *[0-9.]+s\\] read 3000 rows; "
                + "evaluating .*"));
        assertTrue(text.out, !text.out.contains("reading "));
    }

    @Test
    public void reportWritesOnePageWithTreeCostAndEvaluation() throws Exception {
        Path page = folder.getRoot().toPath().resolve("report.html");
        TestData.Run run = TestData.cli("report", "--model", binaryModel.toString(), "--out", page.toString(),
                "--data", trainCsv.toString());
        assertEquals(run.err, 0, run.status);
        String html = Files.readString(page);
        ModelBundle bundle = BundleFiles.read(binaryModel, FeatureCatalog.standard());
        assertTrue(html.startsWith("<!DOCTYPE html>") && html.trim().endsWith("</html>"));
        assertTrue(html.contains("<code>" + bundle.modelId() + "</code>"));
        // every leaf with its confidence, every test in feature units
        assertEquals(end(bundle).tree().leafCount(), html.split("<span class=\"leaf", -1).length - 1);
        assertTrue(html.matches("(?s).*leaf \\d+: (Benign|Attack), \\d+\\.\\d% of \\d+ training flows.*"));
        assertTrue(html.contains(" &lt;= "));
        assertTrue(html.contains("Cost (as <code>nids-model cost</code>)"));
        assertTrue(html.contains("<table id=\"confusion\">"));
        // one row per flow in this data: the page says what detection time needs
        assertTrue(html.contains("detection time needs per-packet rows"));
        assertTrue(!html.contains("src=\"http") && !html.contains("href=\"http"));   // standalone

        assertFailsWith(TestData.cli("report", "--model", binaryModel.toString(), "--out",
                                     folder.getRoot().toPath().resolve("no/such/dir/r.html").toString()), 1,
                        "cannot write");
    }

    @Test
    public void costReportsEntriesFitAndTheLatencyEstimate() throws Exception {
        TestData.Run run = TestData.cli("cost", "--model", binaryModel.toString(), "--json");
        assertEquals(run.err, 0, run.status);
        JsonNode json = MAPPER.readTree(run.out);
        assertTrue(json.get("fits").asBoolean());
        assertEquals("yes", json.get("entries_match_tree").asText());
        // A model trained on flow rows has one tree, at the flow's end.
        assertEquals(1, json.get("phases").size());
        json = json.get("phases").get(0);
        assertEquals("end", json.get("phase").asText());
        assertTrue(json.get("total_entries").asLong() > 0);
        assertTrue(json.get("total_ternary_entries").asLong() >= json.get("total_entries").asLong());
        assertEquals(json.get("tables").size(), json.get("tables_used").asInt());
        JsonNode latency = json.get("latency_estimate");
        assertTrue(latency.get("estimate").asBoolean());
        assertTrue(latency.get("target").asText().contains("Netronome"));
        assertEquals(7800 + 22.44 * Math.pow(latency.get("added_tables").asInt(), 2)
                + 311.6 * latency.get("added_tables").asInt(), latency.get("total_ns").asDouble(), 1e-6);
        TestData.Run text = TestData.cli("cost", "--model", binaryModel.toString());
        assertTrue(text.out.contains("latency ESTIMATE for Netronome"));
    }

    @Test
    public void simulateExtractsFlowsFromAPcapAndClassifiesThem() throws Exception {
        int client = 0x0A000005;
        int server = 0x0A000001;
        long t0 = 1_700_000_000_000_000L;
        TestData.PcapBuilder pcap = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, true, 1);
        pcap.frame(t0, TestData.ipv4Frame(6, client, server, 64, 60, TestData.tcp(40000, 22, 0x02, 29200)));
        pcap.frame(t0 + 800, TestData.ipv4Frame(6, server, client, 63, 60, TestData.tcp(22, 40000, 0x12, 28960)));
        for (int i = 1; i <= 60; i++) {
            pcap.frame(t0 + 800 + i * 20L, TestData.ipv4Frame(6, client, server, 64, 1500,
                    TestData.tcp(40000, 22, 0x18, 502)));
        }
        pcap.frame(t0 + 5000, TestData.ipv4Frame(17, client, server, 64, 76, TestData.udp(5353, 53)));
        pcap.frame(t0 + 6000, TestData.ipv4Frame(1, client, server, 64, 84, TestData.icmp(8, 0)));
        Path file = Files.write(folder.newFile("capture.pcap").toPath(), pcap.build());

        TestData.Run run = TestData.cli("simulate", "--model", binaryModel.toString(), "--pcap", file.toString(),
                "--json");
        assertEquals(run.err, 0, run.status);
        JsonNode json = MAPPER.readTree(run.out);
        assertEquals(64, json.get("frames").asLong());
        assertEquals(0, json.get("tree_disagreements").asLong());
        JsonNode flows = json.get("flows");
        assertEquals(3, flows.size());
        JsonNode ssh = flows.get(0);
        assertEquals("10.0.0.5", ssh.get("client").asText());
        assertEquals(22, ssh.get("server_port").asInt());
        assertEquals(62, ssh.get("packets").asLong());
        assertEquals(61, ssh.get("features").get("IN_PKTS").asLong());
        assertEquals(60 + 60 * 1500, ssh.get("features").get("IN_BYTES").asLong());
        assertEquals(2000, ssh.get("data_plane").get("FLOW_DURATION_MILLISECONDS").asLong());
        assertEquals(2, ssh.get("features").get("FLOW_DURATION_MILLISECONDS").asLong());
        // 61 IN packets: DURATION_IN >> 5
        assertEquals(ssh.get("data_plane").get("DURATION_IN").asLong() >> 5,
                ssh.get("data_plane").get("IN_PKT_INTERVAL").asLong());
        assertEquals(ssh.get("data_plane").get("IN_PKT_INTERVAL").asLong() / 1000,
                ssh.get("features").get("IN_PKT_INTERVAL").asLong());
        // The model's verdict must be what its tree says about the simulated features.
        DecisionTree tree = end(BundleFiles.read(binaryModel, FeatureCatalog.standard())).tree();
        long[] values = new long[FeatureCatalog.standard().maxId() + 1];
        FeatureCatalog.standard().features().forEach(f -> values[f.id()] = ssh.get("features").get(f.name()).asLong());
        assertEquals(tree.leafFor(values).leafId(), ssh.get("leaf_id").asInt());
        assertEquals(2048, flows.get(2).get("features").get("ICMP_TYPE").asLong());
        assertTrue(TestData.cli("simulate", "--model", binaryModel.toString(), "--pcap", file.toString())
                .out.contains("flow 1  proto 6  10.0.0.5:40000 -> 10.0.0.1:22  packets 62"));
    }

    @Test
    public void multiClassReptreeWithChosenFeaturesAndATestFile() throws Exception {
        Path test = TestData.write(folder.newFile("test.csv").toPath(), TestData.flowsCsv(800, 12));
        Path model = folder.getRoot().toPath().resolve("multi.json");
        TestData.Run run = TestData.cli("train", "--data", trainCsv.toString(), "--out", model.toString(),
                "--algorithm", "reptree", "--features", "IN_BYTES,PROTOCOL,L4_DST_PORT,IN_PKTS",
                "--test", test.toString(), "--max-depth", "4", "--min-leaf", "5", "--seed", "3", "--label", "Attack");
        assertEquals(run.err, 0, run.status);
        ModelBundle bundle = BundleFiles.read(model, FeatureCatalog.standard());
        assertEquals(List.of("Benign", "DoS", "Scan"), bundle.classNames());
        assertTrue(end(bundle).tree().depth() <= 4);
        assertTrue(List.of(2, 3, 4, 5).containsAll(end(bundle).tree().usedFeatureIds()));
        assertEquals(800, bundle.training().testRows());
        assertEquals("test.csv", bundle.training().testDataFile().get());
        assertTrue(run.out.contains("fidelity      1.0000"));
    }

    @Test
    public void tuningCapturesAndLabelsFilesPairUp() {
        String csv = trainCsv.toString();
        assertFailsWith(TestData.cli("train", "--data", csv, "--out", "m.json", "--alert-threshold", "auto",
                "--tune-pcap", csv + "," + csv, "--tune-labels", csv), 2,
                "train: --tune-pcap gives 2 captures, --tune-labels 1 labels files (one per capture)");
        assertFailsWith(TestData.cli("train", "--data", csv, "--out", "m.json", "--alert-threshold", "auto"), 2,
                "train: --alert-threshold auto needs --tune-pcap FILE[,FILE...]");
    }

    @Test
    public void missingFile() {
        assertFailsWith(TestData.cli("train", "--data", "no/such/flows.csv", "--out", "m.json"), 1,
                "error: no such file: no/such/flows.csv");
        assertFailsWith(TestData.cli("eval", "--model", "absent.json", "--data", trainCsv.toString()), 1,
                "error: no such file: absent.json");
    }

    @Test
    public void badCsvInputsFailWithOneLine() {
        String out = folder.getRoot().toPath().resolve("m.json").toString();
        assertFailsWith(TestData.cli("train", "--data", TestData.fixture("flows-field-count.csv").toString(),
                "--out", out), 1, "unreadable CSV");
        assertFailsWith(TestData.cli("train", "--data", TestData.fixture("flows-no-label.csv").toString(),
                "--out", out), 1, "missing label column Attack or Label");
        assertFailsWith(TestData.cli("train", "--data", TestData.fixture("flows-non-numeric.csv").toString(),
                "--out", out), 1, "non-numeric value 'abc' for IN_BYTES");
        assertFailsWith(TestData.cli("train", "--data",
                TestData.fixture("flows-no-catalog-features.csv").toString(), "--out", out), 1,
                "no usable feature in");
        assertFailsWith(TestData.cli("train", "--data", TestData.fixture("flows-one-class.csv").toString(),
                "--out", out), 1, "the training data has only one class (Benign)");
        assertFalse(Files.exists(folder.getRoot().toPath().resolve("m.json")));
    }

    @Test
    public void tooManyFeaturesIsACapacityErrorSayingByHowMuch() {
        assertFailsWith(TestData.cli("train", "--data", trainCsv.toString(), "--out", "m.json", "--features",
                "L4_SRC_PORT,L4_DST_PORT,PROTOCOL,IN_BYTES,IN_PKTS,OUT_BYTES,OUT_PKTS,TCP_FLAGS,MIN_TTL"), 1,
                "--features names 9 features, the pipeline has 8 feature slots (1 over)");
    }

    @Test
    public void aTreeOverTheDecisionTableIsRefusedSayingByHowMuch() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        PrintStream quiet = new PrintStream(sink, true, StandardCharsets.UTF_8);
        PipelineCapacity tinyDecisionTable = PipelineCapacity.builder().featureSlots(8).banks(2)
                .rangeTableSize(1024).decisionTableSize(8).phaseTableSize(64).maxClasses(32).codeBits(16).slotValueBits(32)
                .classIdBits(8).leafIdBits(16).build();
        TrainCommand train = new TrainCommand(FeatureCatalog.standard(), tinyDecisionTable, quiet, quiet);
        try {
            train.run(List.of("--data", trainCsv.toString(), "--out",
                    folder.getRoot().toPath().resolve("big.json").toString(), "--max-leaves", "40"));
            fail("a tree of up to 40 leaves in 4 decision entries");
        } catch (CapacityExceededException e) {
            assertTrue(e.getMessage(), e.getMessage().matches(
                    "the model exceeds the pipeline's capacity: decision table \\(one bank(, all phases)?\\): \\d+ "
                            + "entries needed, "
                            + "4 available \\(\\d+ over\\)"));
        }
    }

    @Test
    public void unknownSchemaVersionIsRefused() throws Exception {
        ObjectNode json = (ObjectNode) MAPPER.readTree(Files.readAllBytes(binaryModel));
        json.put("schema_version", 7);
        Path future = Files.write(folder.newFile("future.json").toPath(),
                json.toString().getBytes(StandardCharsets.UTF_8));
        assertFailsWith(TestData.cli("eval", "--model", future.toString(), "--data", trainCsv.toString()), 1,
                "unknown model schema version 7 (this build reads versions 1 and 2)");
        assertFailsWith(TestData.cli("cost", "--model", future.toString()), 1, "unknown model schema version 7");
    }

    /**
     * Rows where only IN_PKT_INTERVAL tells the classes apart, at packet 4, the late phase and the end: by default
     * only the late and END trees may test it; --interval-phases all lets the packet-4 tree test it too.
     */
    @Test
    public void packetSpacingIsTestedByTheSustainedPhasesUnlessAllAreAsked() throws Exception {
        StringBuilder csv = new StringBuilder("PHASE,IN_PKTS,IN_BYTES,DURATION_IN,Attack\n");
        for (int i = 0; i < 40; i++) {
            for (String phase : new String[]{"4", "late", "end"}) {
                long packets = phase.equals("4") ? 4 : 256;
                // spacing 200..239 ms benign, 2..41 ms flood (DURATION_IN in ms, the shift of the packets' log2)
                csv.append(phase).append(',').append(packets).append(',').append(1000 + i).append(',')
                        .append((200 + i) * packets).append(",Benign\n");
                csv.append(phase).append(',').append(packets).append(',').append(1000 + 40 - i).append(',')
                        .append((2 + i) * packets).append(",Flood\n");
            }
        }
        Path data = shared.newFile("spacing.csv").toPath();
        Files.writeString(data, csv.toString());
        int interval = FeatureCatalog.standard().byName("IN_PKT_INTERVAL").orElseThrow().id();
        for (String option : new String[]{"sustained", "all"}) {
            Path model = shared.getRoot().toPath().resolve("spacing-" + option + ".json");
            TestData.Run run = TestData.cli("train", "--data", data.toString(), "--out", model.toString(),
                    "--features", "IN_BYTES,IN_PKT_INTERVAL", "--test-fraction", "0", "--interval-phases", option);
            assertEquals(run.err, 0, run.status);
            ModelBundle bundle = BundleFiles.read(model, FeatureCatalog.standard());
            assertEquals(Set.of(interval), bundle.phase(Phase.LATE).orElseThrow().tree().usedFeatureIds());
            assertEquals(Set.of(interval), bundle.phase(Phase.END).orElseThrow().tree().usedFeatureIds());
            assertEquals(option, option.equals("all"),
                    bundle.phase(Phase.atPacket(4)).orElseThrow().tree().usedFeatureIds().contains(interval));
        }
        assertFailsWith(TestData.cli("train", "--data", data.toString(), "--out", "m.json", "--interval-phases",
                "early"), 2, "--interval-phases is sustained or all, not 'early'");
    }

    /**
     * Rows where the first packet's size tells the classes apart perfectly and the source's flow count nearly: by
     * default the packet-1 tree tests the source context only (a size there is the sending tool's choice); with
     * --first-packet-features all it splits on the size. The packet-2 tree may test sizes either way.
     */
    @Test
    public void thePacketOneTreeDoesNotTestPacketSizesUnlessAllAreAsked() throws Exception {
        StringBuilder csv = new StringBuilder("PHASE,PROTOCOL,IN_BYTES,SRC_FLOWS,Attack\n");
        for (int i = 0; i < 40; i++) {
            for (String phase : new String[]{"1", "2"}) {
                // benign: 60 B, 1..40 flows of the source; flood: 40 B, 30..69 flows (an overlap of 11)
                csv.append(phase).append(",6,60,").append(1 + i).append(",Benign\n");
                csv.append(phase).append(",6,40,").append(30 + i).append(",Flood\n");
            }
        }
        Path data = shared.newFile("first-packet.csv").toPath();
        Files.writeString(data, csv.toString());
        int inBytes = FeatureCatalog.standard().byName("IN_BYTES").orElseThrow().id();
        int srcFlows = FeatureCatalog.standard().byName("SRC_FLOWS").orElseThrow().id();
        for (String option : new String[]{"header", "all"}) {
            Path model = shared.getRoot().toPath().resolve("first-packet-" + option + ".json");
            TestData.Run run = TestData.cli("train", "--data", data.toString(), "--out", model.toString(),
                    "--features", "PROTOCOL,IN_BYTES,SRC_FLOWS", "--test-fraction", "0",
                    "--first-packet-features", option);
            assertEquals(run.err, 0, run.status);
            ModelBundle bundle = BundleFiles.read(model, FeatureCatalog.standard());
            Set<Integer> first = bundle.phase(Phase.atPacket(1)).orElseThrow().tree().usedFeatureIds();
            assertEquals(option, option.equals("all") ? Set.of(inBytes) : Set.of(srcFlows), first);
            assertEquals(Set.of(inBytes), bundle.phase(Phase.atPacket(2)).orElseThrow().tree().usedFeatureIds());
        }
        assertFailsWith(TestData.cli("train", "--data", data.toString(), "--out", "m.json",
                "--first-packet-features", "sizes"), 2, "--first-packet-features is header or all, not 'sizes'");
    }

    @Test
    public void malformedCommandLinesExitWithStatusTwo() {
        assertFailsWith(TestData.cli("fly"), 2, "unknown command 'fly'");
        assertFailsWith(TestData.cli("train", "--data"), 2, "option --data needs a value");
        assertFailsWith(TestData.cli("eval", "--modle", "x"), 2, "unknown option --modle");
        assertFailsWith(TestData.cli("train", "--data", trainCsv.toString(), "--out", "m.json", "--algorithm",
                "forest"), 2, "--algorithm must be j48 or reptree");
        assertEquals(2, TestData.cli().status);
    }

    /** The END phase of a bundle trained on end-of-flow rows (the only phase such a bundle has). */
    private static PhaseModel end(ModelBundle bundle) {
        assertEquals(List.of(Phase.END), List.of(bundle.phases().get(bundle.phases().size() - 1).phase()));
        return bundle.phase(Phase.END).orElseThrow();
    }
}
