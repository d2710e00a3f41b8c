package org.onosproject.nids.model.catalog;

import org.junit.Assume;
import org.junit.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class FeatureCatalogTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();

    @Test
    public void hasTheThirtyThreeFeaturesWithStableIds() {
        assertEquals(3, catalog.version());
        assertEquals(33, catalog.features().size());
        assertEquals(33, catalog.maxId());
        for (int id = 1; id <= 33; id++) {
            assertEquals(id, catalog.byId(id).id());
        }
        assertEquals(2, catalog.byName("L4_DST_PORT").get().id());
        assertEquals(28, catalog.byName("ICMP_IPV4_TYPE").get().id());
        assertEquals(29, catalog.byName("SRC_FLOWS").get().id());
        assertEquals(32, catalog.byName("SRC_HALF_OPEN").get().id());
        assertEquals(33, catalog.byName("IN_PKT_INTERVAL").get().id());
        assertFalse(catalog.byName("L7_PROTO").isPresent());
        assertFalse(catalog.byIdOptional(0).isPresent());
    }

    @Test
    public void catalogThreeReadsModelsOfEarlierCatalogsWhoseIdsItKeeps() {
        assertTrue(catalog.reads(1));
        assertTrue(catalog.reads(2));
        assertTrue(catalog.reads(3));
        assertFalse(catalog.reads(4));
        assertFalse(catalog.reads(0));
    }

    @Test
    public void onlyTheDurationsAndThePacketSpacingHaveAScale() {
        for (Feature feature : catalog.features()) {
            boolean duration = feature.name().equals("FLOW_DURATION_MILLISECONDS")
                    || feature.name().startsWith("DURATION_") || feature.name().equals("IN_PKT_INTERVAL");
            assertEquals(feature.name(), duration ? 1000 : 1, feature.scale());
        }
    }

    /** docs/features.md is the contract; catalog.json must say exactly the same. */
    @Test
    public void catalogMatchesDocsFeaturesTable() throws IOException {
        Path docs = repositoryRoot().resolve("docs/features.md");
        Assume.assumeTrue("docs/features.md not found from " + Paths.get("").toAbsolutePath()
                + ": skipping the docs/catalog comparison", Files.exists(docs));
        Pattern row = Pattern.compile("^\\|\\s*(\\d+)\\s*\\|\\s*(\\w+)\\s*\\|\\s*(\\d+)\\s*\\|\\s*(\\d+)\\s*\\|"
                + "\\s*(.*?)\\s*\\|\\s*(.*?)\\s*\\|\\s*$");
        List<Feature> documented = new ArrayList<>();
        for (String line : Files.readAllLines(docs, StandardCharsets.UTF_8)) {
            Matcher m = row.matcher(line);
            if (m.matches()) {
                documented.add(new Feature(Integer.parseInt(m.group(1)), m.group(2), Integer.parseInt(m.group(3)),
                        Long.parseLong(m.group(4)), m.group(5), m.group(6).equals("—") ? null : m.group(6)));
            }
        }
        assertEquals(catalog.features(), documented);
        String text = new String(Files.readAllBytes(docs), StandardCharsets.UTF_8);
        assertTrue("docs/features.md names the catalog version",
                text.contains("catalog version " + catalog.version()));
    }

    /** The repository root: the nearest directory up from the working directory that holds model-tools/. */
    static Path repositoryRoot() {
        Path dir = Paths.get("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("model-tools"))) {
            dir = dir.getParent();
        }
        return dir == null ? Paths.get("").toAbsolutePath() : dir;
    }
}
