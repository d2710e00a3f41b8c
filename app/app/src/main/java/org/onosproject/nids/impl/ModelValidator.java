/*
 * Copyright 2026-present the NIDS authors.
 * SPDX-License-Identifier: Apache-2.0
 */
package org.onosproject.nids.impl;

import org.onosproject.nids.api.NidsException;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.bundle.BundleVerifier;
import org.onosproject.nids.model.bundle.ModelBundle;
import org.onosproject.nids.model.bundle.ModelBundleCodec;
import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import static org.onosproject.nids.api.NidsException.Kind.INVALID;

/**
 * Everything a model bundle must pass before it is stored: the schema, the catalog, and the pipeline's capacities
 * (its entries recompiled from its tree for this pipeline must be exactly its entries). Pure.
 */
final class ModelValidator {

    /**
     * Stack of the thread a bundle is read and checked on. The schema validator and the tree codec recurse once per
     * tree level (about 10 KiB a level), and the deepest tree the pipeline holds is one leaf per decision entry
     * deep: far more than a REST thread's stack (1 MiB), which would end in a StackOverflowError (a 500). The REST
     * layer refuses bodies nested deeper than that before they get here.
     */
    static final long READER_STACK_BYTES = 64L << 20;

    private final FeatureCatalog catalog;
    private final PipelineCapacity capacity;
    private final ModelBundleCodec codec;

    /**
     * @param catalog  the feature catalog
     * @param capacity the capacities of the pipeline models are written to
     */
    ModelValidator(FeatureCatalog catalog, PipelineCapacity capacity) {
        this.catalog = catalog;
        this.capacity = capacity;
        this.codec = new ModelBundleCodec(catalog);
    }

    /**
     * @param json a bundle as uploaded
     * @return the bundle
     * @throws NidsException (INVALID) with a one-line reason
     */
    ModelBundle validate(String json) {
        return onReaderStack("nids-model-validate", () -> check(json));
    }

    private ModelBundle check(String json) {
        ModelBundle bundle;
        try {
            bundle = codec.read(json);
        } catch (ModelException e) {
            throw new NidsException(INVALID, e.getMessage());
        } catch (RuntimeException e) {
            // The codec's cross-checks trust numbers the schema does not bound (a slot of 3000000000): still a
            // malformed bundle, not a server error.
            throw new NidsException(INVALID, "malformed model bundle: " + e);
        }
        int classes = bundle.classNames().size();
        if (classes > capacity.maxClasses()) {
            throw new NidsException(INVALID, "the model has " + classes + " classes; the pipeline holds at most "
                    + capacity.maxClasses());
        }
        try {
            BundleVerifier.requireEntriesMatchTree(bundle, catalog, capacity);
        } catch (ModelException e) {
            throw new NidsException(INVALID, e.getMessage());
        }
        return bundle;
    }

    /**
     * @param json a bundle stored after it was validated
     * @return the bundle
     */
    ModelBundle read(String json) {
        return onReaderStack("nids-model-read", () -> codec.read(json));
    }

    /** Runs work on a thread of its own with {@link #READER_STACK_BYTES} of stack and returns what it returns. */
    private static <T> T onReaderStack(String name, Supplier<T> work) {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread reader = new Thread(null, () -> {
            try {
                result.set(work.get());
            } catch (Throwable e) {
                failure.set(e);
            }
        }, name, READER_STACK_BYTES);
        reader.setDaemon(true);
        reader.start();
        try {
            reader.join();
        } catch (InterruptedException e) {
            reader.interrupt();
            Thread.currentThread().interrupt();
            throw new NidsException(INVALID, "interrupted while reading the model bundle", e);
        }
        Throwable e = failure.get();
        if (e instanceof RuntimeException) {
            throw (RuntimeException) e;
        }
        if (e instanceof StackOverflowError) {
            throw new NidsException(INVALID, "the model's tree is nested too deep to read");
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
        return result.get();
    }

    /** @return the capacities models are checked against */
    PipelineCapacity capacity() {
        return capacity;
    }
}
