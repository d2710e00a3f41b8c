package org.onosproject.nids.model.cli;

import org.junit.Test;
import org.onosproject.nids.model.data.LabeledFlows;
import org.onosproject.nids.model.tree.DecisionTree;
import org.onosproject.nids.model.tree.LeafNode;
import org.onosproject.nids.model.tree.SplitNode;

import java.util.List;

import static org.junit.Assert.assertEquals;

/** What training chooses beyond the tree: split thresholds in the middle of their gaps, the alert threshold. */
public class TrainingChoicesTest {

    private static final int SRC_FLOWS = 29;

    /** Rows with one feature (SRC_FLOWS) set: benign 1..40, attack 600..700. */
    private static LabeledFlows rows() {
        long[][] rows = new long[141][];
        int[] classes = new int[141];
        for (int i = 0; i < 40; i++) {
            rows[i] = new long[33];
            rows[i][SRC_FLOWS] = i + 1;
        }
        for (int i = 40; i < 141; i++) {
            rows[i] = new long[33];
            rows[i][SRC_FLOWS] = 560 + i;
            classes[i] = 1;
        }
        return new LabeledFlows(List.of("Benign", "Attack"), rows, classes);
    }

    @Test
    public void aThresholdOnTheLastBenignValueMovesToTheMiddleOfTheGapOnALogScale() {
        LabeledFlows train = rows();
        DecisionTree weka = DecisionTree.of(new SplitNode(SRC_FLOWS, 40, new LeafNode(0, new long[]{40, 0}),
                new LeafNode(1, new long[]{0, 101}), new long[]{40, 101}), train.classNames());
        DecisionTree centered = SplitCentering.center(weka, train);
        long threshold = ((SplitNode) centered.root()).threshold();
        // sqrt(41 * 601) - 1 = 155.97...
        assertEquals(155, threshold);
        for (int row = 0; row < train.size(); row++) {
            assertEquals(weka.leafFor(train.row(row)).classId(), centered.leafFor(train.row(row)).classId());
        }
        // A benign host busier than any in training (100 flows) stays benign; the first attack value too.
        long[] busier = new long[33];
        busier[SRC_FLOWS] = 100;
        assertEquals(1, weka.leafFor(busier).classId());
        assertEquals(0, centered.leafFor(busier).classId());
    }

    @Test
    public void theAutoThresholdIsTheLowestThatKeepsBenignFlowsUnderTheTarget() {
        // 1,000 benign flows: 990 never had an attack verdict, 10 peaked at 910..955; attacks at 930..999.
        List<Integer> benign = new java.util.ArrayList<>(java.util.Collections.nCopies(990, 0));
        for (int i = 0; i < 10; i++) {
            benign.add(910 + 5 * i);
        }
        List<Integer> attack = List.of(930, 960, 980, 999, 999);
        // At most 0.2% (2 flows): the threshold must pass all but the two highest benign peaks (950, 955).
        ThresholdTuning.Choice choice = ThresholdTuning.choose(benign, attack, 0.002, 900);
        assertEquals(946, choice.thresholdPermille);
        assertEquals(2, choice.benignAlerted);
        assertEquals(4, choice.attackAlerted);
        // With no benign peak above the floor, the floor.
        assertEquals(900, ThresholdTuning.choose(List.of(0, 0, 850), attack, 0.0, 900).thresholdPermille);
        // None allowed: above the highest benign peak.
        assertEquals(956, ThresholdTuning.choose(benign, attack, 0.0, 900).thresholdPermille);
        // Several tuning captures: each must keep within the target, so the highest of their choices.
        assertEquals(956, ThresholdTuning.strictest(List.of(ThresholdTuning.choose(List.of(0, 0, 850), attack, 0.0,
                900), ThresholdTuning.choose(benign, attack, 0.0, 900))));
    }
}
