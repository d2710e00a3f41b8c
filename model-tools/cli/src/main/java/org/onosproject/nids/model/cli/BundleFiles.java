package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.bundle.ModelFormatException;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads model.json files, naming the file in every error. */
final class BundleFiles {

    private BundleFiles() {
    }

    static ModelBundle read(Path file, FeatureCatalog catalog) {
        Arguments.existingFile(file);
        String json;
        try {
            json = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ModelException("cannot read " + file + ": " + e.getMessage());
        }
        try {
            return new ModelBundleCodec(catalog).read(json);
        } catch (ModelFormatException e) {
            throw new ModelFormatException(file + ": " + e.getMessage(), e);
        }
    }
}
