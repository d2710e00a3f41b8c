package org.onosproject.nids.model.bundle;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class BundleVerifierTest {

    private final FeatureCatalog catalog = FeatureCatalog.standard();
    private final ModelBundleCodec codec = new ModelBundleCodec(catalog);

    @Test
    public void aFreshBundleRecompilesToItsOwnEntries() {
        BundleVerifier.requireEntriesMatchTree(ModelBundleCodecTest.sampleBundle(), catalog,
                TestTrees.capacity().build());
    }

    @Test
    public void anEditedEntryIsCaught() throws Exception {
        ObjectNode json = (ObjectNode) new ObjectMapper().readTree(codec.write(ModelBundleCodecTest.sampleBundle()));
        ((ObjectNode) json.get("phases").get(1).get("decision_entries").get(0)).put("class_id", 1);
        ModelBundle edited = codec.read(json.toString());
        try {
            BundleVerifier.requireEntriesMatchTree(edited, catalog, TestTrees.capacity().build());
            fail("edited entry accepted");
        } catch (ModelFormatException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("phase end: the bundle's entries are not what its tree"));
        }
    }

    @Test
    public void aBundleForAnotherSlotCountIsCaught() {
        try {
            BundleVerifier.requireEntriesMatchTree(ModelBundleCodecTest.sampleBundle(), catalog,
                    TestTrees.capacity().featureSlots(12).build());
            fail();
        } catch (ModelFormatException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("12 slots"));
        }
    }
}
