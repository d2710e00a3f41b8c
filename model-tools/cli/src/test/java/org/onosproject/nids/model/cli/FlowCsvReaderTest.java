package org.onosproject.nids.model.cli;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Every bad input a CSV can be, each with its one-line message. */
public class FlowCsvReaderTest {

    @Rule
    public TemporaryFolder folder = new TemporaryFolder();

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final FlowCsvReader reader = new FlowCsvReader(catalog);

    private FlowTable read(Path file) {
        return reader.read(file, Optional.empty(), Optional.empty());
    }

    private void expectError(Path file, String expected) {
        try {
            read(file);
            fail("read " + file);
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(expected));
        }
    }

    @Test
    public void readsCatalogColumnsLabelAndIgnoresTheRest() throws Exception {
        Path csv = TestData.writeGzip(folder.newFile("flows.csv.gz").toPath(), TestData.flowsCsv(50, 1));
        FlowTable table = read(csv);
        assertEquals(50, table.size());
        assertEquals("Attack", table.labelColumn());
        assertEquals(8, table.features().size());
        assertEquals(List.of("L7_PROTO", "Label"), table.ignoredColumns());
        assertEquals("flows.csv.gz", table.fileName());
    }

    @Test
    public void icmpFieldsOfNonIcmpFlowsAreReadAsTheSwitchReportsThem() throws Exception {
        Path csv = folder.newFile("icmp.csv").toPath();
        java.nio.file.Files.writeString(csv, "PROTOCOL,ICMP_TYPE,ICMP_IPV4_TYPE,IN_PKTS,Attack\n"
                + "6,2048,8,3,Benign\n1,771,3,1,Benign\n17,0,0,2,DoS\n");
        // PROTOCOL is not one of the features asked for, yet it decides the ICMP fields.
        FlowTable table = reader.read(csv, Optional.of(List.of(catalog.byName("ICMP_TYPE").orElseThrow(),
                catalog.byName("ICMP_IPV4_TYPE").orElseThrow())), Optional.empty());
        int icmpType = catalog.byName("ICMP_TYPE").orElseThrow().id();
        assertEquals(0, table.rows()[0][icmpType]);
        assertEquals(771, table.rows()[1][icmpType]);
        assertEquals(2, table.rewrittenValues());
        assertEquals(2, table.features().size());
    }

    @Test
    public void packetSpacingIsDerivedFromDurationInAndInPacketsWhenItHasNoColumn() throws Exception {
        Path csv = folder.newFile("spacing.csv").toPath();
        // DURATION_IN in ms: 1000 ms over 1 packet, 1000 over 2..3, 1000 over 8..15, 7 over 16; 0 packets shift by 0
        Files.writeString(csv, "IN_PKTS,DURATION_IN,Attack\n1,1000,Benign\n3,1000,Benign\n15,1000,Benign\n"
                + "16,7,DoS\n0,5,Benign\n");
        FlowTable table = read(csv);
        int interval = catalog.byName("IN_PKT_INTERVAL").orElseThrow().id();
        assertTrue(table.features().contains(catalog.byId(interval)));
        long[] got = new long[5];
        for (int i = 0; i < 5; i++) {
            got[i] = table.rows()[i][interval];
        }
        assertArrayEquals(new long[]{1000, 500, 125, 0, 5}, got);
        // asked for alone, it still reads the two columns it comes from
        FlowTable alone = reader.read(csv, Optional.of(List.of(catalog.byId(interval))), Optional.empty());
        assertEquals(List.of(catalog.byId(interval)), alone.features());
        assertEquals(500, alone.rows()[1][interval]);
    }

    @Test
    public void packetSpacingWithoutItsSourceColumnsIsAMissingColumn() throws Exception {
        Path csv = folder.newFile("nospacing.csv").toPath();
        Files.writeString(csv, "IN_PKTS,Attack\n3,Benign\n");
        try {
            reader.read(csv, Optional.of(List.of(catalog.byName("IN_PKT_INTERVAL").orElseThrow())),
                    Optional.empty());
            fail();
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("column IN_PKT_INTERVAL is missing from "));
            assertTrue(e.getMessage(), e.getMessage().contains("DURATION_IN or IN_PKTS"));
        }
        assertTrue(read(csv).features().stream().noneMatch(f -> f.name().equals("IN_PKT_INTERVAL")));
    }

    @Test
    public void quotedFieldsAndIntegralDecimalsAreAccepted() {
        FlowTable table = read(TestData.fixture("flows-quoted.csv"));
        assertEquals(12, table.rows()[1][4]);
        assertArrayEquals(new String[]{"Benign", "DoS, slow"}, table.labels());
    }

    @Test
    public void theLabelColumnCanBeChosen() {
        FlowTable table = reader.read(TestData.fixture("flows-quoted.csv"), Optional.empty(), Optional.of("Label"));
        assertArrayEquals(new String[]{"0", "1"}, table.labels());
    }

    @Test
    public void missingFile() {
        expectError(folder.getRoot().toPath().resolve("absent.csv"), "no such file: ");
    }

    @Test
    public void unreadableCsv() throws Exception {
        Path binary = folder.newFile("garbage.csv").toPath();
        Files.write(binary, new byte[]{(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0xc3, 0x28, '\n', 1});
        expectError(binary, "unreadable CSV " + binary + ": not UTF-8 text");
        expectError(TestData.write(folder.newFile("empty.csv").toPath(), ""), "unreadable CSV");
        expectError(TestData.write(folder.newFile("header-only.csv").toPath(), "IN_BYTES,Attack\n"),
                "no data rows after the header");
        expectError(TestData.fixture("flows-field-count.csv"), "line 3 has 2 fields, the header has 5");
        Path truncatedGzip = folder.newFile("cut.csv.gz").toPath();
        byte[] whole = Files.readAllBytes(TestData.writeGzip(folder.newFile("whole.gz").toPath(),
                TestData.flowsCsv(500, 2)));
        Files.write(truncatedGzip, java.util.Arrays.copyOf(whole, whole.length / 2));
        expectError(truncatedGzip, "unreadable CSV");
    }

    @Test
    public void missingLabelColumn() {
        expectError(TestData.fixture("flows-no-label.csv"), "missing label column Attack or Label in ");
        try {
            reader.read(TestData.fixture("flows-quoted.csv"), Optional.empty(), Optional.of("Class"));
            fail();
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("missing label column 'Class' in "));
        }
    }

    @Test
    public void nonNumericFeatureValues() {
        expectError(TestData.fixture("flows-non-numeric.csv"), "non-numeric value 'abc' for IN_BYTES in ");
        expectError(TestData.fixture("flows-non-numeric.csv"), "line 3");
        expectError(TestData.fixture("flows-non-integer.csv"), "non-integer value '1.5' for IN_BYTES");
        expectError(TestData.fixture("flows-out-of-range.csv"),
                "value 70000 for L4_DST_PORT in ");
        expectError(TestData.fixture("flows-out-of-range.csv"), "is outside 0..65535");
    }

    @Test
    public void noUsableFeature() {
        expectError(TestData.fixture("flows-no-catalog-features.csv"), "no usable feature in ");
    }

    @Test
    public void wantedFeaturesMustBeColumns() {
        try {
            reader.read(TestData.fixture("flows-one-class.csv"),
                    Optional.of(List.of(catalog.byName("MIN_TTL").get())), Optional.empty());
            fail();
        } catch (ModelException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("column MIN_TTL is missing from "));
        }
    }
}
