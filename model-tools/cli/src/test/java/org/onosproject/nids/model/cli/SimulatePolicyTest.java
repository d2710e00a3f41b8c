package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.ModelBundles;
import org.onosproject.nids.model.bundle.SourceWindow;
import org.onosproject.nids.model.bundle.TrainingSummary;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/** simulate --policy: the flows' first attack verdicts through the app's detection rules (incidents, blocks). */
public class SimulatePolicyTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int A = 0x0A000003;
    private static final int B = 0x0A000004;
    private static final int SERVER = 0x0A000002;
    private static final long T0 = 1_700_000_000_000_000L;

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private Path model;
    private Path capture;

    @Before
    public void files() throws Exception {
        model = model();
        capture = capture();
    }

    /** The sample tree at phase 1 and the end: a UDP flow of at most 1000 bytes is an Attack. */
    private Path model() throws Exception {
        FeatureCatalog catalog = FeatureCatalog.standard();
        DecisionTree tree = TestTrees.sampleWithCounts();
        TrainingSummary training = TrainingSummary.builder().dataFile("flows.csv").labelColumn("Attack")
                .binary(true).algorithm("j48").parameters(Map.of("min_leaf", "2")).rows(2).trainRows(2)
                .metrics(Map.of("f1_weighted", 1.0)).build();
        // the UDP leaf saw one Attack row: confidence (1 + 1) / (1 + 2), above the threshold of one half
        ModelBundle bundle = ModelBundles.compile("sample", "2026-01-01T00:00:00Z", training,
                Map.of(Phase.atPacket(1), tree, Phase.END, tree), 500, SourceWindow.DEFAULT_WINDOW_LOG2_US, catalog,
                TestTrees.capacity().build());
        Path file = folder.getRoot().toPath().resolve("model.json");
        Files.writeString(file, new ModelBundleCodec(catalog).write(bundle));
        return file;
    }

    /** A: three small UDP flows at 1, 2, 3 s; B: one at 2.5 s. */
    private Path capture() throws Exception {
        TestData.PcapBuilder pcap = new TestData.PcapBuilder(ByteOrder.LITTLE_ENDIAN, true, 1);
        pcap.frame(T0 + 1_000_000, TestData.ipv4Frame(17, A, SERVER, 64, 76, TestData.udp(5001, 53)));
        pcap.frame(T0 + 2_000_000, TestData.ipv4Frame(17, A, SERVER, 64, 76, TestData.udp(5002, 53)));
        pcap.frame(T0 + 2_500_000, TestData.ipv4Frame(17, B, SERVER, 64, 76, TestData.udp(5003, 53)));
        pcap.frame(T0 + 3_000_000, TestData.ipv4Frame(17, A, SERVER, 64, 76, TestData.udp(5004, 53)));
        return Files.write(folder.newFile("capture.pcap").toPath(), pcap.build());
    }

    private Path policy(String json) throws Exception {
        return Files.writeString(folder.getRoot().toPath().resolve("policy.json"), json);
    }

    @Test
    public void alertsBlocksAndDropsAreTheAppsPolicy() throws Exception {
        Path policy = policy("{\"autoBlockMinSeverity\": \"HIGH\", \"autoBlockMinAlerts\": 2, "
                                     + "\"blockTtlSeconds\": 60, \"blockAllowlist\": \"\"}");
        TestData.Run run = TestData.cli("simulate", "--model", model.toString(), "--pcap", capture.toString(),
                                        "--json", "--policy", policy.toString());
        assertEquals(run.err, 0, run.status);
        JsonNode json = MAPPER.readTree(run.out);
        assertEquals(4, json.get("flows").size());
        assertEquals("HIGH", json.get("policy").get("autoBlockMinSeverity").asText());
        assertEquals("2", json.get("policy").get("autoBlockMinAlerts").asText());

        JsonNode incidents = json.get("incidents");
        assertEquals("one incident per source (the binary model's Attack family)", 2, incidents.size());
        JsonNode a = incidents.get(0);
        assertEquals("10.0.0.3", a.get("source").asText());
        assertEquals("Attack", a.get("family").asText());
        assertEquals("Other", a.get("family_kind").asText());
        assertEquals("BLOCKED", a.get("state").asText());
        assertEquals("BLOCK", a.get("decision").asText());
        assertEquals("A's third flow was dropped at the edge", 2, a.get("flows").asLong());
        assertEquals("UNCHECKED", a.get("location").asText());
        assertEquals(2, a.get("evidence").size());
        assertEquals("10.0.0.3:5001 > 10.0.0.2:53 proto 17", a.get("evidence").get(0).get("flow").asText());
        assertTrue(a.get("evidence").get(0).get("decision_path").asText().contains("PROTOCOL"));
        JsonNode b = incidents.get(1);
        assertEquals("10.0.0.4", b.get("source").asText());
        assertEquals("WAITING", b.get("decision").asText());
        assertEquals("OPEN", b.get("state").asText());

        JsonNode alerts = json.get("alerts");
        assertEquals("A twice, then B", 3, alerts.size());
        assertEquals("10.0.0.3", alerts.get(0).get("client").asText());
        assertEquals(1, alerts.get(0).get("incident_id").asLong());
        assertEquals("HIGH", alerts.get(0).get("severity").asText());
        assertEquals("Attack", alerts.get(0).get("class").asText());
        assertTrue("an alert names its rule", alerts.get(0).get("decision_path").asText().contains("PROTOCOL"));
        assertEquals("BLOCKED", alerts.get(0).get("state").asText());
        assertEquals("1", alerts.get(1).get("block_id").asText());
        assertEquals("the decision when each alert came", "WAITING", alerts.get(0).get("decision").asText());
        assertEquals("BLOCK", alerts.get(1).get("decision").asText());
        assertTrue(alerts.get(0).get("reason").asText(), alerts.get(0).get("reason").asText()
                .startsWith("fewer than the 2 confident"));
        assertEquals("10.0.0.4", alerts.get(2).get("client").asText());
        assertEquals("OPEN", alerts.get(2).get("state").asText());
        assertTrue(alerts.get(2).get("block_id").isNull());

        JsonNode block = json.get("blocks").get(0);
        assertEquals("10.0.0.3", block.get("src").asText());
        assertEquals(1, block.get("incident_id").asLong());
        assertEquals(1, block.get("alert_id").asLong());
        assertEquals("auto-block: HIGH Attack incident 1 from 10.0.0.3, 2 confident flows within 60 s "
                             + "(autoBlockMinAlerts 2): 2 flows, 1 port on 1 host", block.get("reason").asText());
        assertEquals(block.get("created_us").asLong() + 60_000_000L, block.get("expires_us").asLong());
        assertEquals(1, json.get("dropped").get("10.0.0.3").asLong());

        TestData.Run text = TestData.cli("simulate", "--model", model.toString(), "--pcap", capture.toString(),
                                         "--policy", policy.toString());
        assertTrue(text.out, text.out.contains("-> BLOCK: blocked"));
        assertTrue(text.out, text.out.contains("incident 1  BLOCKED HIGH  Attack from 10.0.0.3: 2 flows"));
        assertTrue(text.out, text.out.contains("dropped 1 later attack flow(s) of 10.0.0.3 at the edge (blocked)"));
    }

    @Test
    public void withoutAPolicyTheOutputIsAsBefore() throws Exception {
        TestData.Run run = TestData.cli("simulate", "--model", model.toString(), "--pcap", capture.toString(),
                                        "--json");
        JsonNode json = MAPPER.readTree(run.out);
        assertTrue(json.get("alerts") == null && json.get("blocks") == null && json.get("policy") == null
                           && json.get("incidents") == null);
    }

    @Test
    public void aBadPolicyIsOneLineAndExitOne() throws Exception {
        TestData.Run run = TestData.cli("simulate", "--model", model.toString(), "--pcap", capture.toString(),
                                        "--policy", policy("{\"autoBlockMinSeverity\": \"SEVERE\"}").toString());
        assertEquals(1, run.status);
        assertTrue(run.err, run.err.contains("policy.json: expected NONE, LOW, MEDIUM or HIGH, got \"SEVERE\""));
        assertEquals(1, run.err.strip().split("\n").length);
        TestData.Run unknown = TestData.cli("simulate", "--model", model.toString(), "--pcap",
                                            capture.toString(), "--policy",
                                            policy("{\"maxBlock\": 3}").toString());
        assertEquals(1, unknown.status);
        assertTrue(unknown.err, unknown.err.contains("unknown policy property maxBlock"));
        TestData.Run notJson = TestData.cli("simulate", "--model", model.toString(), "--pcap",
                                            capture.toString(), "--policy",
                                            policy("[1, 2]").toString());
        assertEquals(1, notJson.status);
        assertTrue(notJson.err, notJson.err.contains("expected a JSON object of detection properties"));
    }
}
