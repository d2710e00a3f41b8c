package org.onosproject.nids.model.cost;

import org.junit.Test;
import org.onosproject.nids.model.TestTrees;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.compiler.ModelCompiler;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class CostReportTest {

    @Test
    public void countsEntriesTernaryRowsTablesAndLatency() {
        FeatureCatalog catalog = FeatureCatalog.standard();
        CompiledModel model = ModelCompiler.compile(TestTrees.sample(), catalog, TestTrees.capacity().build());
        CostReport cost = CostReport.of(model, catalog, TestTrees.capacity().build());
        // Four features with one cut each (8 range entries) and five leaves.
        assertEquals(5, cost.tableCount());
        assertEquals(13, cost.totalEntries());
        assertEquals("slot 0 range (L4_DST_PORT)", cost.tables().get(0).table());
        // [0, 1023] is one prefix, [1024, 2^32 − 1] needs 22.
        assertEquals(1 + 22, cost.tables().get(0).ternaryEntries());
        // Decision ranges are [0,0] (1 row), [1,65535] (16 rows) or wildcards (1 row); per entry the product.
        assertEquals(1 + 16 + 16 * 16 + 16 + 16 * 16, cost.tables().get(4).ternaryEntries());
        // With 1-bit codes (two intervals per feature) every range is a single prefix: one row per entry.
        assertEquals(5, cost.tables().get(4).narrowTernaryEntries());
        assertEquals(2, cost.stages());
        assertTrue(cost.capacity().fits());
        assertEquals(5, cost.latency().addedTables());
        assertEquals(7800 + 22.44 * 25 + 311.6 * 5, cost.latency().totalNs(), 1e-9);
        assertEquals(17, cost.pipelineLatency().addedTables());
        assertTrue(!cost.pipelineLatency().withinFittedRange());
    }
}
