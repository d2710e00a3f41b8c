package org.onosproject.nids.model.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A stratified train/test split: within each label, rows are shuffled with the seed and round(n · fraction) go to
 * the test part (at most n − 1, so every label with two rows or more is also trained on). Stratifying by the
 * original label keeps rare attack classes in both parts even when training benign vs attack.
 */
final class DataSplit {

    private final int[] train;
    private final int[] test;

    private DataSplit(int[] train, int[] test) {
        this.train = train;
        this.test = test;
    }

    static DataSplit stratified(String[] labels, double testFraction, long seed) {
        Map<String, List<Integer>> rowsByLabel = new TreeMap<>();
        for (int i = 0; i < labels.length; i++) {
            rowsByLabel.computeIfAbsent(labels[i], label -> new ArrayList<>()).add(i);
        }
        Random random = new Random(seed);
        List<Integer> train = new ArrayList<>();
        List<Integer> test = new ArrayList<>();
        for (List<Integer> rows : rowsByLabel.values()) {
            Collections.shuffle(rows, random);
            int testRows = (int) Math.min(Math.round(rows.size() * testFraction), Math.max(rows.size() - 1, 0));
            test.addAll(rows.subList(0, testRows));
            train.addAll(rows.subList(testRows, rows.size()));
        }
        return new DataSplit(sorted(train), sorted(test));
    }

    /** Every row trains (a separate test file is used). */
    static DataSplit all(int rows) {
        int[] train = new int[rows];
        for (int i = 0; i < rows; i++) {
            train[i] = i;
        }
        return new DataSplit(train, new int[0]);
    }

    private static int[] sorted(List<Integer> rows) {
        int[] array = rows.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(array);
        return array;
    }

    int[] train() {
        return train.clone();
    }

    int[] test() {
        return test.clone();
    }
}
