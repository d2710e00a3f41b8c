package org.onosproject.nids.model.cli;

import org.junit.Test;
import org.onosproject.nids.model.ModelException;

import java.util.Arrays;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

public class ClassLabelsAndSplitTest {

    @Test
    public void benignIsClassZeroThenAttacksAlphabetically() {
        ClassLabels labels = ClassLabels.forTraining(new String[]{"Worms", "BENIGN", "DoS", "Benign"}, false);
        assertEquals(List.of("Benign", "DoS", "Worms"), labels.classNames());
        assertArrayEquals(new int[]{2, 0, 1, 0}, labels.classIds());
    }

    @Test
    public void binaryAndZeroOneLabelsGiveBenignAndAttack() {
        assertEquals(List.of("Benign", "Attack"),
                ClassLabels.forTraining(new String[]{"DoS", "Benign", "Worms"}, true).classNames());
        ClassLabels zeroOne = ClassLabels.forTraining(new String[]{"0", "1", "1"}, false);
        assertEquals(List.of("Benign", "Attack"), zeroOne.classNames());
        assertArrayEquals(new int[]{0, 1, 1}, zeroOne.classIds());
    }

    @Test
    public void oneClassDataIsRefused() {
        for (String[] labels : List.of(new String[]{"Benign", "Benign"}, new String[]{"DoS", "DoS"})) {
            try {
                ClassLabels.forTraining(labels, false);
                fail(Arrays.toString(labels));
            } catch (ModelException e) {
                assertTrue(e.getMessage(), e.getMessage().startsWith("the training data has only one class ("));
            }
        }
    }

    @Test
    public void evaluationAppendsLabelsTheModelDoesNotKnow() {
        ClassLabels labels = ClassLabels.forModel(new String[]{"DoS", "Benign", "Bot"}, List.of("Benign", "DoS"));
        assertEquals(List.of("Benign", "DoS", "Bot"), labels.classNames());
        assertEquals(List.of("Bot"), labels.unknownLabels());
        ClassLabels binary = ClassLabels.forModel(new String[]{"DoS", "Benign", "Bot"}, List.of("Benign", "Attack"));
        assertArrayEquals(new int[]{1, 0, 1}, binary.classIds());
    }

    @Test
    public void splitIsStratifiedDeterministicAndKeepsSingletonsForTraining() {
        String[] labels = new String[1001];
        Arrays.fill(labels, 0, 900, "Benign");
        Arrays.fill(labels, 900, 1000, "DoS");
        labels[1000] = "Rare";
        DataSplit split = DataSplit.stratified(labels, 0.3, 5);
        assertEquals(270 + 30, split.test().length);
        assertEquals(1001 - 300, split.train().length);
        assertEquals(30, Arrays.stream(split.test()).filter(i -> labels[i].equals("DoS")).count());
        assertTrue(Arrays.stream(split.train()).anyMatch(i -> i == 1000));
        assertArrayEquals(split.test(), DataSplit.stratified(labels, 0.3, 5).test());
        assertTrue(!Arrays.equals(split.test(), DataSplit.stratified(labels, 0.3, 6).test()));
    }
}
