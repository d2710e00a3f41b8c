package org.onosproject.nids.model.cli;

import org.onosproject.nids.model.ModelException;
import org.onosproject.nids.model.flow.PacketHeaders;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A lab run's labels file (testing/nidslib/lab/labels.py writes it): one attack per row, by source address and
 * time window, {@code src,start,end,family,attack[,tool,target,params]} with times in epoch seconds (the clock of the
 * capture's timestamps). A flow belongs to an attack when its client (the sender of its first packet) is the row's
 * source and its first packet falls in [start, end]; every other flow is benign.
 */
final class AttackWindows {

    static final String[] REQUIRED = {"src", "start", "end", "family", "attack"};
    /**
     * Flows an attacker starts this soon after one of its attacks are neither attack nor benign: the switch's source
     * context (a window of up to 4.2 s) still holds the attack, so they are left out of training rows and figures.
     */
    static final long AFTERMATH_MICROS = 5_000_000L;
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_-]+");

    /** One attack: its source, window (µs), family (the class a model names) and kind. */
    static final class Window {
        private final int number;
        private final int source;
        private final long startMicros;
        private final long endMicros;
        private final String family;
        private final String attack;
        private final String tool;

        Window(int number, int source, long startMicros, long endMicros, String family, String attack, String tool) {
            this.number = number;
            this.source = source;
            this.startMicros = startMicros;
            this.endMicros = endMicros;
            this.family = family;
            this.attack = attack;
            this.tool = tool;
        }

        int number() {
            return number;
        }

        int source() {
            return source;
        }

        long startMicros() {
            return startMicros;
        }

        long endMicros() {
            return endMicros;
        }

        String family() {
            return family;
        }

        String attack() {
            return attack;
        }

        String tool() {
            return tool;
        }

        boolean covers(int client, long micros) {
            return client == source && micros >= startMicros && micros <= endMicros;
        }

        String sourceText() {
            return PacketHeaders.addressText(source);
        }
    }

    private final List<Window> windows;
    private final Map<Integer, List<Window>> bySource = new HashMap<>();

    private AttackWindows(List<Window> windows) {
        this.windows = Collections.unmodifiableList(windows);
        for (Window w : windows) {
            bySource.computeIfAbsent(w.source, s -> new ArrayList<>()).add(w);
        }
    }

    static AttackWindows of(List<Window> windows) {
        return new AttackWindows(new ArrayList<>(windows));
    }

    List<Window> windows() {
        return windows;
    }

    /** Addresses that attack at some time of the run. */
    java.util.Set<Integer> sources() {
        return bySource.keySet();
    }

    /** The attack a flow of {@code client} first seen at {@code micros} belongs to, if any. */
    Optional<Window> windowOf(int client, long micros) {
        for (Window w : bySource.getOrDefault(client, List.of())) {
            if (w.covers(client, micros)) {
                return Optional.of(w);
            }
        }
        return Optional.empty();
    }

    /** Whether a flow of {@code client} first seen at {@code micros} starts in the aftermath of one of its attacks. */
    boolean inAftermath(int client, long micros) {
        if (windowOf(client, micros).isPresent()) {
            return false;
        }
        for (Window w : bySource.getOrDefault(client, List.of())) {
            if (micros > w.endMicros && micros <= w.endMicros + AFTERMATH_MICROS) {
                return true;
            }
        }
        return false;
    }

    /** Attack families in order of first appearance. */
    List<String> families() {
        List<String> families = new ArrayList<>();
        windows.stream().sorted(Comparator.comparingInt(Window::number)).forEach(w -> {
            if (!families.contains(w.family)) {
                families.add(w.family);
            }
        });
        return families;
    }

    static AttackWindows read(Path file) {
        List<String> lines;
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            lines = new ArrayList<>();
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ModelException("labels " + file + ": not a text (UTF-8) CSV file");
        } catch (IOException e) {
            throw new ModelException("cannot read labels " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty()) {
            throw new ModelException("labels " + file + ": empty file (expected a header "
                    + String.join(",", REQUIRED) + ",...)");
        }
        List<String> header = FlowCsvReader.split(lines.get(0));
        int[] column = new int[REQUIRED.length];
        for (int i = 0; i < REQUIRED.length; i++) {
            column[i] = header.indexOf(REQUIRED[i]);
            if (column[i] < 0) {
                throw new ModelException("labels " + file + ": no '" + REQUIRED[i] + "' column (expected "
                        + String.join(",", REQUIRED) + ",...)");
            }
        }
        int toolColumn = header.indexOf("tool");
        List<Window> windows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            List<String> fields = FlowCsvReader.split(lines.get(i));
            String where = "labels " + file + " line " + (i + 1);
            int source = address(field(fields, column[0], where), where);
            long start = micros(field(fields, column[1], where), where);
            long end = micros(field(fields, column[2], where), where);
            if (end < start) {
                throw new ModelException(where + ": end is before start");
            }
            String family = field(fields, column[3], where);
            if (!LABEL.matcher(family).matches() || ClassLabels.isBenign(family)) {
                throw new ModelException(where + ": family '" + family + "' is not an attack class name (letters, "
                        + "digits, '_' or '-', not Benign)");
            }
            String tool = toolColumn >= 0 && toolColumn < fields.size() ? fields.get(toolColumn) : "";
            windows.add(new Window(windows.size() + 1, source, start, end, family, field(fields, column[4], where),
                    tool));
        }
        return new AttackWindows(windows);
    }

    private static String field(List<String> fields, int index, String where) {
        if (index >= fields.size() || fields.get(index).isBlank()) {
            throw new ModelException(where + ": missing field " + (index + 1));
        }
        return fields.get(index).trim();
    }

    private static int address(String text, String where) {
        return PacketHeaders.parseAddress(text).orElseThrow(() -> new ModelException(where + ": '" + text
                + "' is not an IPv4 address"));
    }

    private static long micros(String seconds, String where) {
        try {
            return Math.round(Double.parseDouble(seconds) * 1e6);
        } catch (NumberFormatException e) {
            throw new ModelException(where + ": '" + seconds + "' is not a time in seconds");
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d attacks from %d sources", windows.size(), bySource.size());
    }
}
