package org.onosproject.nids.model.catalog;

import org.junit.Test;

import static org.junit.Assert.assertEquals;

public class FeatureTest {

    private final Feature duration = FeatureCatalog.standard().byName("FLOW_DURATION_MILLISECONDS").get();
    private final Feature port = FeatureCatalog.standard().byName("L4_DST_PORT").get();

    @Test
    public void durationsAreMillisecondsOfMicroseconds() {
        assertEquals(0, duration.featureValueOf(999));
        assertEquals(1, duration.featureValueOf(1000));
        assertEquals(5000, duration.lowestDataPlaneValueOf(5));
        assertEquals(5999, duration.highestDataPlaneValueOf(5));
        assertEquals(4_294_967, duration.maxFeatureValue());
        // The top millisecond is cut by the 32-bit domain.
        assertEquals(Feature.DATA_PLANE_MAX, duration.highestDataPlaneValueOf(4_294_967));
    }

    @Test
    public void unscaledFeaturesAreTheirOwnDataPlaneValue() {
        assertEquals(65_535, port.maxFeatureValue());
        assertEquals(80, port.lowestDataPlaneValueOf(80));
        assertEquals(80, port.highestDataPlaneValueOf(80));
        assertEquals(80, port.featureValueOf(80));
    }
}
