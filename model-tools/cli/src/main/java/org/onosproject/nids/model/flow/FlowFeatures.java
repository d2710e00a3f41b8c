package org.onosproject.nids.model.flow;

import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.catalog.PacketInterval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The catalog's features as the data plane computes them: the flow features (ids 1..28, 33) from a flow's state
 * ({@link FlowState}), the four source-context features (SRC_*) from its client's source cell. Each catalog feature is
 * bound by name to how it is computed here, so a catalog entry without a computation (or the reverse) fails at
 * construction instead of producing a silent 0.
 */
public final class FlowFeatures {

    /** The source-context features, in the order {@code sourceValues} arrays hold them. */
    public static final List<String> SOURCE_FEATURES =
            List.of("SRC_FLOWS", "SRC_DST_HOSTS", "SRC_DST_PORTS", "SRC_HALF_OPEN");

    private static final Map<String, ToLongFunction<FlowState>> FLOW_DEFINITIONS = new LinkedHashMap<>();

    static {
        define("L4_SRC_PORT", FlowState::clientPort);
        define("L4_DST_PORT", FlowState::serverPort);
        define("PROTOCOL", FlowState::protocol);
        define("IN_BYTES", FlowState::inBytes);
        define("IN_PKTS", FlowState::inPackets);
        define("OUT_BYTES", FlowState::outBytes);
        define("OUT_PKTS", FlowState::outPackets);
        define("TCP_FLAGS", FlowState::tcpFlags);
        define("CLIENT_TCP_FLAGS", FlowState::clientTcpFlags);
        define("SERVER_TCP_FLAGS", FlowState::serverTcpFlags);
        define("FLOW_DURATION_MILLISECONDS", FlowState::durationMicros);
        define("DURATION_IN", FlowState::durationInMicros);
        define("DURATION_OUT", FlowState::durationOutMicros);
        define("MIN_TTL", FlowState::minTtl);
        define("MAX_TTL", FlowState::maxTtl);
        define("LONGEST_FLOW_PKT", FlowState::longestPacket);
        define("SHORTEST_FLOW_PKT", FlowState::shortestPacket);
        define("MIN_IP_PKT_LEN", FlowState::shortestPacket);
        define("MAX_IP_PKT_LEN", FlowState::longestPacket);
        define("NUM_PKTS_UP_TO_128_BYTES", flow -> flow.packetsInSizeBucket(0));
        define("NUM_PKTS_128_TO_256_BYTES", flow -> flow.packetsInSizeBucket(1));
        define("NUM_PKTS_256_TO_512_BYTES", flow -> flow.packetsInSizeBucket(2));
        define("NUM_PKTS_512_TO_1024_BYTES", flow -> flow.packetsInSizeBucket(3));
        define("NUM_PKTS_1024_TO_1514_BYTES", flow -> flow.packetsInSizeBucket(4));
        define("TCP_WIN_MAX_IN", FlowState::tcpWindowMaxIn);
        define("TCP_WIN_MAX_OUT", FlowState::tcpWindowMaxOut);
        define("ICMP_TYPE", FlowState::icmpTypeCode);
        define("ICMP_IPV4_TYPE", FlowState::icmpType);
        define(PacketInterval.NAME, flow -> PacketInterval.of(flow.durationInMicros(), flow.inPackets()));
    }

    private static void define(String featureName, ToLongFunction<FlowState> definition) {
        FLOW_DEFINITIONS.put(featureName, definition);
    }

    private final FeatureCatalog catalog;
    private final List<Feature> features;
    private final ToLongFunction<FlowState>[] flowDefinitionById;
    private final int[] sourceIndexById;

    @SuppressWarnings("unchecked")
    public FlowFeatures(FeatureCatalog catalog) {
        this.catalog = catalog;
        this.features = catalog.features();
        this.flowDefinitionById = new ToLongFunction[catalog.maxId() + 1];
        this.sourceIndexById = new int[catalog.maxId() + 1];
        for (Feature feature : features) {
            sourceIndexById[feature.id()] = SOURCE_FEATURES.indexOf(feature.name());
            flowDefinitionById[feature.id()] = FLOW_DEFINITIONS.get(feature.name());
            if (flowDefinitionById[feature.id()] == null && sourceIndexById[feature.id()] < 0) {
                throw new ModelException("catalog feature " + feature.name() + " has no data-plane definition in "
                        + "the software reference");
            }
        }
        for (String name : FLOW_DEFINITIONS.keySet()) {
            requireInCatalog(name);
        }
        SOURCE_FEATURES.forEach(this::requireInCatalog);
    }

    private void requireInCatalog(String name) {
        if (catalog.byName(name).isEmpty()) {
            throw new ModelException("the software reference computes " + name + ", which catalog version "
                    + catalog.version() + " does not have");
        }
    }

    public FeatureCatalog catalog() {
        return catalog;
    }

    /**
     * The data-plane values of a flow (indexed by feature id): its own features from its state, SRC_* from
     * {@code sourceValues} (in {@link #SOURCE_FEATURES} order, from its client's source cell).
     */
    public long[] dataPlaneValues(FlowState flow, long[] sourceValues) {
        long[] values = new long[catalog.maxId() + 1];
        for (Feature feature : features) {
            int source = sourceIndexById[feature.id()];
            values[feature.id()] = source >= 0 ? sourceValues[source]
                    : flowDefinitionById[feature.id()].applyAsLong(flow);
        }
        return values;
    }

    /** Feature values (dataset units, what trees test) of data-plane values, both indexed by feature id. */
    public long[] featureValues(long[] dataPlaneValues) {
        long[] values = dataPlaneValues.clone();
        for (Feature feature : features) {
            values[feature.id()] = feature.featureValueOf(dataPlaneValues[feature.id()]);
        }
        return values;
    }
}
