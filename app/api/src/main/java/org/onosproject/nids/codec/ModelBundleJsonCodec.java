/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.codec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.codec.CodecContext;
import org.onosproject.codec.JsonCodec;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * {@link ModelBundle} ⇄ model.json (docs/model-format.md), as an ONOS codec: the model-core
 * {@link ModelBundleCodec} does the work, so the REST API returns a bundle exactly as model-tools writes it.
 */
public final class ModelBundleJsonCodec extends JsonCodec<ModelBundle> {

    private final ModelBundleCodec bundleCodec;

    /** A codec over the feature catalog of this build. */
    public ModelBundleJsonCodec() {
        this(FeatureCatalog.standard());
    }

    /**
     * A codec over a given catalog.
     *
     * @param catalog the feature catalog the bundles refer to
     */
    public ModelBundleJsonCodec(FeatureCatalog catalog) {
        this.bundleCodec = new ModelBundleCodec(checkNotNull(catalog, "catalog"));
    }

    @Override
    public ObjectNode encode(ModelBundle bundle, CodecContext context) {
        return bundleCodec.toJson(checkNotNull(bundle, "bundle"));
    }

    /**
     * Reads a bundle with every check of {@link ModelBundleCodec#read(String)}.
     *
     * @throws org.onosproject.nids.model.bundle.ModelFormatException with a one-line reason
     */
    @Override
    public ModelBundle decode(ObjectNode json, CodecContext context) {
        return bundleCodec.read(checkNotNull(json, "json").toString());
    }
}
