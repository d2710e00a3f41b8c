package org.onosproject.nids.model.cli;

import com.google.common.collect.ImmutableList;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.compiler.ModelCompiler;
import org.onosproject.nids.model.data.LabeledFlows;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Maps the label strings of a CSV to class ids. Class 0 is always "Benign" (labels "Benign" in any case, or "0" as
 * in the datasets' binary Label column); in binary mode every other label is class 1, "Attack".
 */
final class ClassLabels {

    static final String ATTACK_CLASS = "Attack";

    private final List<String> classNames;
    private final int[] classIds;
    private final List<String> unknownLabels;

    private ClassLabels(List<String> classNames, int[] classIds, List<String> unknownLabels) {
        this.classNames = ImmutableList.copyOf(classNames);
        this.classIds = classIds;
        this.unknownLabels = ImmutableList.copyOf(unknownLabels);
    }

    static boolean isBenign(String label) {
        return label.equalsIgnoreCase(ModelCompiler.BENIGN_CLASS) || label.equals("0");
    }

    /** True when the labels are the 0/1 kind (a binary Label column), which only supports binary training. */
    static boolean isZeroOne(String[] labels) {
        for (String label : labels) {
            if (!label.equals("0") && !label.equals("1")) {
                return false;
            }
        }
        return true;
    }

    /**
     * Classes for training: Benign, then the attack labels in alphabetical order (or just Attack when binary).
     * Fewer than two classes present is an error: there is nothing to learn.
     */
    static ClassLabels forTraining(String[] labels, boolean binary) {
        boolean asBinary = binary || isZeroOne(labels);
        Set<String> attacks = new TreeSet<>();
        boolean benignSeen = false;
        for (String label : labels) {
            if (isBenign(label)) {
                benignSeen = true;
            } else {
                attacks.add(label);
            }
        }
        int present = (benignSeen ? 1 : 0) + (asBinary ? Math.min(attacks.size(), 1) : attacks.size());
        if (present < 2) {
            String only = benignSeen ? ModelCompiler.BENIGN_CLASS : asBinary ? ATTACK_CLASS : attacks.iterator().next();
            throw new ModelException("the training data has only one class (" + only + "): a classifier needs "
                    + "benign and attack rows");
        }
        List<String> classNames = new ArrayList<>();
        classNames.add(ModelCompiler.BENIGN_CLASS);
        if (asBinary) {
            classNames.add(ATTACK_CLASS);
        } else {
            classNames.addAll(attacks);
        }
        return map(labels, classNames, asBinary, false);
    }

    /**
     * Classes for evaluating a model: the model's classes, then any label the model does not know (a true class it
     * can never predict). A binary model maps every non-benign label to Attack.
     */
    static ClassLabels forModel(String[] labels, List<String> modelClasses) {
        boolean binary = modelClasses.equals(List.of(ModelCompiler.BENIGN_CLASS, ATTACK_CLASS));
        return map(labels, new ArrayList<>(modelClasses), binary, true);
    }

    private static ClassLabels map(String[] labels, List<String> classNames, boolean binary, boolean allowUnknown) {
        int modelClasses = classNames.size();
        int[] classIds = new int[labels.length];
        for (int i = 0; i < labels.length; i++) {
            String label = labels[i];
            String name = isBenign(label) ? ModelCompiler.BENIGN_CLASS : binary ? ATTACK_CLASS : label;
            int classId = classNames.indexOf(name);
            if (classId < 0) {
                if (!allowUnknown) {
                    throw new IllegalStateException("unmapped label " + label);
                }
                classNames.add(name);
                classId = classNames.size() - 1;
            }
            classIds[i] = classId;
        }
        return new ClassLabels(classNames, classIds, classNames.subList(modelClasses, classNames.size()));
    }

    List<String> classNames() {
        return classNames;
    }

    int[] classIds() {
        return classIds;
    }

    /** Labels of the data that are not classes of the model (evaluation only). */
    List<String> unknownLabels() {
        return unknownLabels;
    }

    LabeledFlows flows(long[][] rows) {
        return new LabeledFlows(classNames, rows, classIds);
    }
}
