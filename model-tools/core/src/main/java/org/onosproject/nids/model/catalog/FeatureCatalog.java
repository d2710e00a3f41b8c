package org.onosproject.nids.model.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.ModelException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The feature catalog: the features a switch computes per flow, by stable id. The one machine-readable source is
 * the {@code catalog.json} resource beside this package, a copy of docs/features.md kept identical by a unit test.
 */
public final class FeatureCatalog {

    private static final String RESOURCE = "/org/onosproject/nids/model/catalog.json";
    private static volatile FeatureCatalog standard;

    private final int version;
    private final List<Feature> features;
    private final Feature[] byId;
    private final Map<String, Feature> byName = new HashMap<>();

    public FeatureCatalog(int version, List<Feature> features) {
        this.version = version;
        this.features = ImmutableList.copyOf(features);
        int maxId = features.stream().mapToInt(Feature::id).max().orElse(0);
        this.byId = new Feature[maxId + 1];
        for (Feature feature : features) {
            if (byId[feature.id()] != null || byName.containsKey(feature.name())) {
                throw new IllegalArgumentException("duplicate catalog feature " + feature);
            }
            byId[feature.id()] = feature;
            byName.put(feature.name(), feature);
        }
    }

    /** The catalog this build was made for (read once from the bundled resource). */
    public static FeatureCatalog standard() {
        FeatureCatalog catalog = standard;
        if (catalog == null) {
            try (InputStream in = FeatureCatalog.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("catalog resource missing: " + RESOURCE);
                }
                catalog = parse(new ObjectMapper().readTree(in));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE, e);
            }
            standard = catalog;
        }
        return catalog;
    }

    static FeatureCatalog parse(JsonNode root) {
        ImmutableList.Builder<Feature> features = ImmutableList.builder();
        for (JsonNode node : root.path("features")) {
            features.add(new Feature(node.path("id").asInt(), node.path("name").asText(),
                    node.path("width").asInt(), node.path("scale").asLong(),
                    node.path("definition").asText(),
                    node.hasNonNull("deviation") ? node.get("deviation").asText() : null));
        }
        return new FeatureCatalog(root.path("catalog_version").asInt(), features.build());
    }

    public int version() {
        return version;
    }

    /**
     * Whether a model built for catalog {@code otherVersion} means the same features here: its own version or an
     * earlier one, since each version only added features (2: the source context, ids 29..32; 3: IN_PKT_INTERVAL,
     * id 33) and kept every earlier id's definition.
     */
    public boolean reads(int otherVersion) {
        return otherVersion >= 1 && otherVersion <= version;
    }

    /** Features in id order. */
    public List<Feature> features() {
        return features;
    }

    /** Highest feature id: arrays indexed by feature id have {@code maxId() + 1} cells (cell 0 unused). */
    public int maxId() {
        return byId.length - 1;
    }

    public Optional<Feature> byName(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Optional<Feature> byIdOptional(int id) {
        return id > 0 && id < byId.length ? Optional.ofNullable(byId[id]) : Optional.empty();
    }

    /** The feature with this id; a {@link ModelException} if the catalog has none. */
    public Feature byId(int id) {
        return byIdOptional(id).orElseThrow(() -> new ModelException(
                "feature id " + id + " is not in feature catalog version " + version));
    }
}
