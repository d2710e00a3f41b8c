package org.onosproject.nids.model.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.nids.model.catalog.Feature;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** {@code nids-model features}: the feature catalog (id, name, width, scale, data-plane definition). */
final class FeaturesCommand {

    private final FeatureCatalog catalog;
    private final PrintStream out;

    FeaturesCommand(FeatureCatalog catalog, PrintStream out) {
        this.catalog = catalog;
        this.out = out;
    }

    void run(List<String> args) {
        Arguments options = Arguments.parse("features", args, Set.of(), Set.of("--json"));
        if (options.flag("--json")) {
            ObjectNode root = new ObjectMapper().createObjectNode();
            root.put("catalog_version", catalog.version());
            ArrayNode features = root.putArray("features");
            for (Feature feature : catalog.features()) {
                ObjectNode node = features.addObject().put("id", feature.id()).put("name", feature.name())
                        .put("width", feature.widthBits()).put("scale", feature.scale())
                        .put("definition", feature.definition());
                feature.deviation().ifPresent(deviation -> node.put("deviation", deviation));
            }
            out.println(root.toString());
            return;
        }
        out.println("feature catalog version " + catalog.version() + " (docs/features.md); scale: feature value = "
                + "floor(data-plane value / scale)");
        out.printf(Locale.ROOT, "%3s  %-28s %5s %5s  %s%n", "id", "name", "width", "scale", "data-plane definition");
        for (Feature feature : catalog.features()) {
            out.printf(Locale.ROOT, "%3d  %-28s %5d %5d  %s%n", feature.id(), feature.name(), feature.widthBits(),
                    feature.scale(), feature.definition());
        }
    }
}
