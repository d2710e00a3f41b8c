package org.onosproject.nids.model.bundle;

import org.onosproject.nids.model.compiler.CompiledModel;
import org.onosproject.nids.model.phase.Phase;
import org.onosproject.nids.model.tree.DecisionTree;

import java.util.Objects;

/** One phase of a model: the tree that classifies flows at that phase and its compiled classifier entries. */
public final class PhaseModel {

    private final Phase phase;
    private final DecisionTree tree;
    private final CompiledModel compiled;

    public PhaseModel(Phase phase, DecisionTree tree, CompiledModel compiled) {
        this.phase = Objects.requireNonNull(phase);
        this.tree = Objects.requireNonNull(tree);
        this.compiled = Objects.requireNonNull(compiled);
        if (!tree.classNames().equals(compiled.classNames())) {
            throw new IllegalArgumentException("phase " + phase + ": tree and entries have different classes");
        }
    }

    public Phase phase() {
        return phase;
    }

    public DecisionTree tree() {
        return tree;
    }

    public CompiledModel compiled() {
        return compiled;
    }
}
