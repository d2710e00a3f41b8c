package org.onosproject.nids.model.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * INTERIM, until the app's alert/auto-block policy is a pure Java module the CLI can call: the app's semantics of
 * today (NidsAlertManager, NidsBlockManager) — one alert per flow, severity MEDIUM for classes named like
 * reconnaissance and HIGH otherwise, a source blocked on its {@code minAlerts}-th alert at or above
 * {@code minSeverity} for {@code ttl} — plus incidents as (source, class) groups of alerts less than
 * {@code incidentGapMicros} apart.
 */
final class InterimAlertPolicy implements LiveEvaluation.Policy {

    static final String[] SEVERITIES = {"NONE", "LOW", "MEDIUM", "HIGH"};
    private static final String[] RECONNAISSANCE = {"scan", "recon", "probe"};

    private final int minSeverity;
    private final int minAlerts;
    private final long ttlMicros;
    private final long incidentGapMicros;
    private final Map<String, LiveEvaluation.Incident> openIncidents = new HashMap<>();
    private final Map<String, Long> lastAlertByIncident = new HashMap<>();
    private final Map<Integer, Integer> qualifyingAlerts = new HashMap<>();
    private final List<LiveEvaluation.Block> blocks = new ArrayList<>();

    InterimAlertPolicy(String minSeverity, int minAlerts, long ttlSeconds, long incidentGapSeconds) {
        this.minSeverity = severityIndex(minSeverity);
        this.minAlerts = minAlerts;
        this.ttlMicros = ttlSeconds * 1_000_000L;
        this.incidentGapMicros = incidentGapSeconds * 1_000_000L;
    }

    static int severityIndex(String severity) {
        for (int i = 0; i < SEVERITIES.length; i++) {
            if (SEVERITIES[i].equalsIgnoreCase(severity)) {
                return i;
            }
        }
        throw new UsageException("eval: --block-min-severity is one of NONE, LOW, MEDIUM, HIGH, not '" + severity
                + "'");
    }

    static int severityOf(String className) {
        String name = className.toLowerCase(Locale.ROOT);
        for (String word : RECONNAISSANCE) {
            if (name.contains(word)) {
                return 2;
            }
        }
        return 3;
    }

    @Override
    public boolean blocked(int source, long micros) {
        for (LiveEvaluation.Block block : blocks) {
            if (block.source == source && micros >= block.startMicros && micros < block.endMicros) {
                return true;
            }
        }
        return false;
    }

    @Override
    public Optional<LiveEvaluation.Incident> accept(LiveEvaluation.Detection d) {
        String key = d.client + "/" + d.className;
        Long last = lastAlertByIncident.put(key, d.micros);
        if (last == null || d.micros - last > incidentGapMicros) {
            openIncidents.put(key, new LiveEvaluation.Incident(d.client, d.className, d.micros));
        }
        Optional<LiveEvaluation.Incident> incident = Optional.of(openIncidents.get(key));
        if (minSeverity > 0 && severityOf(d.className) >= minSeverity && !blocked(d.client, d.micros)) {
            int count = qualifyingAlerts.merge(d.client, 1, Integer::sum);
            if (count >= minAlerts) {
                blocks.add(new LiveEvaluation.Block(d.client, d.micros,
                        ttlMicros == 0 ? Long.MAX_VALUE : d.micros + ttlMicros,
                        count + " alerts at or above " + SEVERITIES[minSeverity] + ", the last " + d.className));
                qualifyingAlerts.put(d.client, 0);
            }
        }
        return incident;
    }

    @Override
    public List<LiveEvaluation.Block> blocks() {
        return blocks;
    }

    String describe() {
        return minSeverity == 0 ? "auto-block off"
                : String.format(Locale.ROOT, "auto-block on a source's %d%s alert at or above %s, for %d s",
                minAlerts, minAlerts == 1 ? "st" : minAlerts == 2 ? "nd" : minAlerts == 3 ? "rd" : "th",
                SEVERITIES[minSeverity], ttlMicros / 1_000_000L);
    }
}
