package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.capacity.PipelineCapacity;
import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.catalog.FeatureCatalog;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * nids-model: train decision trees with Weka, compile them into the pipeline's range-match entries, evaluate,
 * simulate and cost them. Exit status 0 on success, 1 with one line on stderr for any problem with the inputs or
 * the model, 2 for a malformed command line.
 */
public final class NidsModelCli {

    static final int OK = 0;
    static final int FAILED = 1;
    static final int USAGE = 2;

    static final String USAGE_TEXT = String.join("\n",
            "usage: nids-model <command> [options]",
            "",
            "  features [--json]                       the feature catalog",
            "  train --data FILE.csv[.gz] --out model.json [--label Attack|Label] [--binary]",
            "        [--algorithm j48|reptree] [--max-depth N] [--max-leaves N] [--min-leaf N]",
            "        [--features auto|A,B,...] [--test FILE | --test-fraction F] [--seed N]",
            "        [--alert-threshold F] [--source-window LOG2_US] [--phases end,1,2,...,late]",
            "        [--late-features volume|all] [--interval-phases sustained|all]",
            "        [--first-packet-features header|all]",
            "                                          one tree per phase (PHASE column), else an END tree",
            "  eval --model model.json --data FILE [--json]",
            "  eval --model model.json --pcap FILE --labels FILE [--json] [--policy POLICY.json]",
            "        [--alert-threshold F] [--alert-cap N] [--online ALERTS_AND_BLOCKS.json]",
            "        [--json-out FILE] [--inactive-timeout S]",
            "                                          labelled live traffic: time to detect each attack, flows",
            "                                          alerted or blocked, benign flows alerted, false incidents",
            "  cost --model model.json [--json]",
            "  report --model model.json --out report.html [--data FILE [--label COL]]",
            "                                          the tree, cost and (with --data) evaluation plots as one page",
            "  simulate --model model.json --pcap FILE [--json] [--policy POLICY.json] [--hash-seed N] [--idle-timeout-us N]",
            "        [--clock-offset-us N] [--alert-threshold F] [--alert-cap N] [--sweep end|none]",
            "                                          the switch in software: phases, verdicts, alerts",
            "  dataset --pcap FILE[,FILE...] --out FILE.csv[.gz]",
            "        (--label-by-src ADDR=LABEL,... | --labels FILE[,FILE...])",
            "        [--default-label Benign] [--rows phases|flows] [--features all|A,B,...] [--ambiguous keep|benign]",
            "        [--source-window LOG2_US] [--idle-timeout-us N] [--max-phase N] [--late-phase on|off]",
            "        [--max-flows-per-attack N] [--seed N] [--inactive-timeout S] [--late-rows-only FILE[,FILE...]]",
            "        [--late-attack-rows-only FILE[,FILE...]]",
            "                                          labelled rows from a pcap, by the flow's client address",
            "",
            "Pipeline capacities: capacity.json in nids-model-core (make constants writes it from the pipeconf's P4Info).");

    private NidsModelCli() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one command; returns the exit status. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println(USAGE_TEXT);
            return USAGE;
        }
        String command = args[0];
        List<String> options = Arrays.asList(args).subList(1, args.length);
        FeatureCatalog catalog = FeatureCatalog.standard();
        try {
            switch (command) {
                case "features":
                    new FeaturesCommand(catalog, out).run(options);
                    break;
                case "train":
                    new TrainCommand(catalog, PipelineCapacity.packaged(), out, err).run(options);
                    break;
                case "eval":
                    new EvalCommand(catalog, out, err).run(options);
                    break;
                case "cost":
                    new CostCommand(catalog, PipelineCapacity.packaged(), out).run(options);
                    break;
                case "report":
                    new ReportCommand(catalog, PipelineCapacity.packaged(), err).run(options);
                    break;
                case "simulate":
                    new SimulateCommand(catalog, out).run(options);
                    break;
                case "dataset":
                    new DatasetCommand(catalog, out, err).run(options);
                    break;
                case "help":
                case "--help":
                case "-h":
                    out.println(USAGE_TEXT);
                    break;
                default:
                    throw new UsageException("unknown command '" + command + "'");
            }
            out.flush();
            return OK;
        } catch (UsageException e) {
            err.println("nids-model: " + e.getMessage() + " (see nids-model help)");
            return USAGE;
        } catch (ModelException e) {
            err.println("nids-model: error: " + e.getMessage());
            return FAILED;
        }
    }
}
