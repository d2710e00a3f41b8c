package org.onosproject.nids.model.flow;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;
import org.onosproject.nids.model.ModelException;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The software reference of the data plane's flow features: feeds packets into per-flow state keyed by the
 * canonical bidirectional key and reads out every catalog feature as its data-plane value. It has no hash
 * collisions, evictions or timeouts: it is the ideal flow table the switch approximates.
 *
 * <p>Each catalog feature is bound by name to how it is computed here, so a catalog entry without a
 * computation (or the reverse) fails at construction instead of producing a silent 0.
 */
public final class FlowFeatureExtractor {

    private static final Map<String, ToLongFunction<FlowState>> DATA_PLANE_DEFINITIONS = new LinkedHashMap<>();

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
    }

    private static void define(String featureName, ToLongFunction<FlowState> definition) {
        DATA_PLANE_DEFINITIONS.put(featureName, definition);
    }

    private final FeatureCatalog catalog;
    private final List<Feature> features;
    private final ToLongFunction<FlowState>[] definitionsById;
    private final Map<FlowKey, FlowState> flows = new LinkedHashMap<>();

    @SuppressWarnings("unchecked")
    public FlowFeatureExtractor(FeatureCatalog catalog) {
        this.catalog = catalog;
        this.features = catalog.features();
        this.definitionsById = new ToLongFunction[catalog.maxId() + 1];
        for (Feature feature : features) {
            ToLongFunction<FlowState> definition = DATA_PLANE_DEFINITIONS.get(feature.name());
            if (definition == null) {
                throw new ModelException("catalog feature " + feature.name() + " has no data-plane definition in "
                        + "the flow simulator");
            }
            definitionsById[feature.id()] = definition;
        }
        for (String name : DATA_PLANE_DEFINITIONS.keySet()) {
            if (catalog.byName(name).isEmpty()) {
                throw new ModelException("the flow simulator computes " + name + ", which catalog version "
                        + catalog.version() + " does not have");
            }
        }
    }

    /** Adds a packet to its flow (creating the flow on its first packet) and returns the updated flow. */
    public FlowState accept(PacketHeaders packet) {
        FlowKey key = FlowKey.of(packet);
        FlowState flow = flows.computeIfAbsent(key, k -> new FlowState(k, packet));
        flow.update(packet);
        return flow;
    }

    /** Flows in order of their first packet. */
    public List<FlowState> flows() {
        return ImmutableList.copyOf(flows.values());
    }

    /** The flow's current data-plane values, indexed by feature id. */
    public long[] dataPlaneValues(FlowState flow) {
        long[] values = new long[catalog.maxId() + 1];
        for (Feature feature : features) {
            values[feature.id()] = definitionsById[feature.id()].applyAsLong(flow);
        }
        return values;
    }

    /** The flow's current feature values (dataset units), indexed by feature id. */
    public long[] featureValues(FlowState flow) {
        long[] values = dataPlaneValues(flow);
        for (Feature feature : features) {
            values[feature.id()] = feature.featureValueOf(values[feature.id()]);
        }
        return values;
    }
}
